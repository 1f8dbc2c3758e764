/** A guard's photo, or their initials where there is none; the name beside it says who it is. */
export function GuardPhoto({
  name,
  url,
  size = 'medium',
}: {
  name: string;
  url: string | null;
  size?: 'medium' | 'large';
}) {
  const className = `kiosk-guard-photo kiosk-guard-photo-${size}`;
  if (url) return <img src={url} alt="" className={className} />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <span className={`${className} kiosk-guard-initials`} aria-hidden="true">
      {initials}
    </span>
  );
}
