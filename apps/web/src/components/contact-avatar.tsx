import { InitialsAvatar } from './initials-avatar';

/**
 * A contact's picture: the uploaded image, else initials drawn locally with a stable colour
 * per name, never a third-party avatar service
 * (docs/product/screens.md#row-behaviour-in-contacts-and-favorites).
 */
export function ContactAvatar({
  name,
  initialsFrom,
  url,
  size = 40,
  decorative = false,
}: {
  name: string;
  /** The name the initials are drawn from, when not `name` (see `InitialsAvatar`). */
  initialsFrom?: string;
  url?: string;
  size?: number;
  /** Hidden from assistive technology where the name is already said beside it. */
  decorative?: boolean;
}) {
  if (url) {
    return (
      <img
        src={url}
        alt={decorative ? '' : name}
        width={size}
        height={size}
        loading="lazy"
        style={{ borderRadius: '50%', objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <InitialsAvatar name={name} initialsFrom={initialsFrom} size={size} decorative={decorative} />
  );
}
