import {
  ActionIcon,
  Box,
  FileButton,
  Group,
  Loader,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { messages } from '@kith/validators';
import { IconCamera, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { ContactAvatar } from './contact-avatar';
import { useTranslation } from 'react-i18next';

/** An avatar is an image under 5 MB (docs/product/validation.md#image). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The message for a picked file that cannot be an avatar, or null when it can. */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return messages.image.notAnImage;
  if (file.size >= IMAGE_MAX_BYTES) return messages.image.tooLarge;
  return null;
}

/**
 * The avatar picker of the create and edit screens: the photo (or initials), a camera button
 * that opens the file chooser, and a remove button when there is a photo. The chooser forgets
 * each file once it is handed over, so the same file picked again (after removing it, or after
 * a failed upload) is picked again rather than ignored as no change.
 */
export function AvatarPicker({
  name,
  url,
  busy,
  onPick,
  onRemove,
  onOpenMenu,
}: {
  name: string;
  url: string;
  busy?: boolean;
  onPick: (file: File) => void;
  onRemove?: () => void;
  /** When set, clicking the photo opens this (the edit screen's avatar dialog). */
  onOpenMenu?: () => void;
}) {
  const { t } = useTranslation();
  // Clears the file input's value: a browser fires no change for the file it already holds.
  const resetInput = useRef<() => void>(null);
  return (
    <Stack align="center" gap={6}>
      <Box pos="relative">
        {onOpenMenu ? (
          <UnstyledButton onClick={onOpenMenu}>
            <ContactAvatar name={name || '?'} url={url} size={112} decorative />
            <VisuallyHidden>{t('Change or remove the photo')}</VisuallyHidden>
          </UnstyledButton>
        ) : (
          <ContactAvatar name={name || '?'} url={url} size={112} />
        )}
        {busy && (
          <Loader
            size="sm"
            pos="absolute"
            top="50%"
            left="50%"
            style={{ transform: 'translate(-50%, -50%)' }}
          />
        )}
        <Group gap={4} pos="absolute" bottom={-4} right={-12}>
          <FileButton
            resetRef={resetInput}
            onChange={(file) => {
              resetInput.current?.();
              if (file) onPick(file);
            }}
            accept="image/*"
          >
            {(props) => (
              <ActionIcon
                {...props}
                radius="xl"
                size="lg"
                aria-label={t('Choose a photo')}
                disabled={busy}
              >
                <IconCamera size={18} />
              </ActionIcon>
            )}
          </FileButton>
          {url && onRemove && (
            <ActionIcon
              radius="xl"
              size="lg"
              color="red"
              onClick={onRemove}
              aria-label={t('Remove the photo')}
              disabled={busy}
            >
              <IconX size={18} />
            </ActionIcon>
          )}
        </Group>
      </Box>
      <Text size="xs" c="dimmed">
        {t('JPEG, PNG, WebP or GIF, under 5 MB')}
      </Text>
    </Stack>
  );
}
