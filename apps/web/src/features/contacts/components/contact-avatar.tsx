import { InitialsAvatar } from '../../../components/initials-avatar';

/**
 * A contact's picture: the uploaded image, else initials drawn locally with a stable colour
 * per name (SPEC §2; never a third-party avatar service).
 */
export function ContactAvatar({
  name,
  url,
  size = 40,
}: {
  name: string;
  url?: string;
  size?: number;
}) {
  if (url) {
    return (
      <img
        src={url}
        alt={name}
        width={size}
        height={size}
        loading="lazy"
        style={{ borderRadius: '50%', objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return <InitialsAvatar name={name} size={size} />;
}
