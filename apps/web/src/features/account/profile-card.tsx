import { translateErrors } from '../../lib/i18n';
import { updateProfileInput } from '@kith/validators';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import type { RouterOutputs } from '@kith/api';
import { useImageUpload } from '../../lib/images';
import { useUpdateProfile } from './api';
import { AvatarPicker, imageFileProblem } from '../../components/avatar-picker';

type Profile = RouterOutputs['account']['profile'];

/** Name and photo, editable; the email shown (it is the sign-in name and is not changed here). */
export function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [photo, setPhoto] = useState(profile.avatar);
  const [uploading, setUploading] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: profile.name },
    validate: (values) =>
      translateErrors(
        schemaResolver(updateProfileInput.pick({ name: true }), { sync: true })(values),
      ),
  });
  const { upload } = useImageUpload();
  const save = useUpdateProfile({
    onSuccess: (saved) => {
      form.resetDirty({ name: saved.name });
      notifySuccess('Profile saved');
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError(error);
    },
  });

  const pick = async (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) return notifyError(new Error(problem), t(problem));
    setUploading(true);
    try {
      const data = new Uint8Array(await new Response(file).arrayBuffer());
      const { image } = await upload.mutateAsync({ data });
      setPhoto(image);
    } catch (error) {
      notifyError(error);
    } finally {
      setUploading(false);
    }
  };

  const changed =
    form.isDirty() || (photo?.publicId ?? null) !== (profile.avatar?.publicId ?? null);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-heading">
      <Title order={2} size="h3" id="profile-heading" mb="md">
        {t('Your profile')}
      </Title>
      <form
        onSubmit={form.onSubmit((values) =>
          save.mutate({ name: values.name, avatarImageId: photo?.publicId ?? null }),
        )}
        noValidate
      >
        <Stack gap="md">
          <Group align="flex-start" gap="xl" wrap="wrap">
            <AvatarPicker
              name={form.values.name}
              url={photo?.url ?? ''}
              busy={uploading}
              onPick={(file) => void pick(file)}
              onRemove={photo ? () => setPhoto(null) : undefined}
            />
            <Stack gap="sm" style={{ flex: 1, minWidth: 220 }}>
              <TextInput
                label={t('Name')}
                autoComplete="name"
                required
                {...form.getInputProps('name')}
              />
              <div>
                <Text size="sm" fw={500}>
                  {t('Email')}
                </Text>
                <Text size="sm" c="dimmed" data-testid="profile-email">
                  {profile.email}
                </Text>
              </div>
            </Stack>
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!changed || uploading}>
              {t('Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
