import { NICHE_KEYS, type LanderName } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLander } from '../../features/landing/api/get-lander';
import { useLandingSlug } from '../../features/landing/hooks/use-landing-slug';
import { useSettings } from '../../data/settings';
import { DocumentTitle } from '../components/document-title';
import { landerDesigns as designs } from '../landing-designs';

/**
 * The campaign landing pages (/landers/:name/:slug?, /landers/tinderswipe): each its own design,
 * in the slug's language with the slug's niche, built from that niche's members. The server
 * renders the same title, description and headline into the page's HTML.
 */
export function Component() {
  const { t } = useTranslation('landing');
  const settings = useSettings();
  // The route table lets only known lander names through; tinderswipe has a route of its own.
  const name = (useParams().name ?? 'tinderswipe') as LanderName | 'tinderswipe';
  const { niche } = useLandingSlug(name === 'tinderswipe' ? null : `/landers/${name}`);
  const query = useLander(niche);
  designs.useChunk(name);
  const Lander = designs.loaded[name];
  const audience = t(`niches.${NICHE_KEYS[niche]}.audience`);
  return (
    <>
      <DocumentTitle title={t(`landers.${name}.title`, { audience, name: settings.name })} />
      {Lander ? (
        <Lander niche={niche} data={query.data} loading={query.isPending} error={query.isError} />
      ) : (
        <div className="lander" aria-busy="true" />
      )}
    </>
  );
}
