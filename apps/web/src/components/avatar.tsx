interface AvatarProps {
  name: string;
  /** Photo URL; without one the initial is shown. */
  src?: string | null;
  size?: number;
}

/** A round profile photo, or the name's initial on the brand gradient. */
export function Avatar({ name, src, size = 36 }: AvatarProps) {
  const style = { width: size, height: size };
  if (src) return <img className="avatar" src={src} alt="" width={size} height={size} style={style} />;
  return (
    <span className="avatar avatar--initial" style={{ ...style, fontSize: size * 0.42 }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
