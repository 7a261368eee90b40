import { BrandMark } from '../../components/brand-logo';

/** Shown while the first page's code loads; index.html holds the same mark before any script runs. */
export function BootSplash() {
  return (
    <div className="boot-splash">
      <BrandMark size={56} />
    </div>
  );
}
