/**
 * A person's photo, or their initials when there is none or it cannot be shown
 * (docs/DOMAIN.md, "Profiles"). The photo's address changes with the photo, so a new one shows at
 * once; a photo that fails to load falls back to the initials.
 */
import { useState } from 'react';

export function Avatar({
  photoUrl,
  initials,
  alt,
  size = 'small',
}: {
  photoUrl: string | null | undefined;
  initials: string;
  /**
   * '' when the avatar sits in something already named (the header's menu button, whose name
   * includes the initials it shows).
   */
  alt: string;
  size?: 'small' | 'large';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = size === 'large' ? 'h-28 w-28 text-3xl' : 'h-11 w-11 text-sm';
  if (photoUrl && failed !== photoUrl) {
    return (
      <img
        src={photoUrl}
        alt={alt}
        data-testid="avatar-photo"
        onError={() => setFailed(photoUrl)}
        className={`${box} shrink-0 rounded-full bg-slate-200 object-cover`}
      />
    );
  }
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      data-testid="avatar-initials"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-indigo-600 font-bold text-white`}
    >
      {initials}
    </span>
  );
}
