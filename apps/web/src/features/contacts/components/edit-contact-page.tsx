import { Button, Container, FileButton, Group, Modal, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage, fieldErrors } from '../../../lib/notify';
import { useImageUpload } from '../../../lib/images';
import { focusFirstError } from '../../../lib/focus-first-error';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { useUpdateContact } from '../api/contacts';
import {
  formValuesOf,
  mapErrorPaths,
  toContactChange,
  validateContactForm,
  type ContactFormValues,
} from '../api/contact-form-values';
import { translateFieldErrors } from '../api/field-messages';
import type { Contact } from '../../../lib/contact-lists';
import { AvatarPicker, imageFileProblem } from '../../../components/avatar-picker';
import { DiscardDialog } from './discard-dialog';
import { notifyStillSaving, useLeaveGuard } from './use-leave-guard';
import { ContactFields } from './contact-fields';
import { FormPageHeader } from './form-page-header';
import { WithContact } from './with-contact';
import { useTranslation } from 'react-i18next';

/**
 * /person/edit/{id} (docs/product/screens.md#edit-screen): a spinner while fetching, the
 * failure screen on error.
 */
export function EditContactPage({ id }: { id: string }) {
  return <WithContact id={id}>{(contact) => <EditContactForm contact={contact} />}</WithContact>;
}

/**
 * The edit form: one name field, change tracking against the loaded contact (a newly picked photo
 * counts), the discard dialog only when something changed, and the avatar dialog with Edit and
 * Delete. A new photo is previewed locally; Save uploads it and then saves the contact pointing at
 * it, through the same tRPC client as the create screen, so one button has one error path
 * (docs/product/states.md#forms). If the save fails, the upload is deleted again.
 */
function EditContactForm({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = useRouterState({ select: (s) => s.location.state.from });
  // Back leads to the contact, which keeps where it was opened from for its own back arrow.
  const goBack = () =>
    void navigate({ to: '/person/$id', params: { id: contact.id }, state: { from } });
  const update = useUpdateContact();
  const { upload, remove: removeImage } = useImageUpload();
  const [newPhoto, setNewPhoto] = useState<File | null>(null);
  const [photoRemoved, setPhotoRemoved] = useState(false);
  const save = useSubmitOnce();
  const [avatarOpened, avatarDialog] = useDisclosure(false);
  const [discardOpened, discard] = useDisclosure(false);
  const initial = useMemo(() => formValuesOf(contact), [contact]);
  const form = useForm<ContactFormValues>({
    initialValues: initial,
    validate: (values) => translateFieldErrors(validateContactForm(values, 'edit', initial)),
  });

  const preview = useMemo(() => (newPhoto ? URL.createObjectURL(newPhoto) : null), [newPhoto]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shownUrl = preview ?? (photoRemoved ? '' : (contact.photo?.url ?? ''));
  const changed = form.isDirty() || newPhoto !== null || photoRemoved;
  const guard = useLeaveGuard(changed, save.busy);

  const pick = (file: File | null) => {
    avatarDialog.close();
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      notifications.show({ color: 'red', message: problem });
      return;
    }
    setNewPhoto(file);
    setPhotoRemoved(false);
  };

  const removePhoto = () => {
    avatarDialog.close();
    setNewPhoto(null);
    setPhotoRemoved(true);
  };

  // A change on its way cannot be discarded: Back waits for its answer (see the create screen).
  const back = () => {
    if (save.busy) notifyStillSaving();
    else if (changed) discard.open();
    else goBack();
  };

  const submit = form.onSubmit(async (values) => {
    if (!save.start()) return;
    const change = toContactChange(values, initial);
    let uploaded: string | null = null;
    try {
      if (newPhoto) {
        const data = new Uint8Array(await new Response(newPhoto).arrayBuffer());
        uploaded = (await upload.mutateAsync({ data })).image.publicId;
      }
      await update.mutateAsync({
        id: contact.id,
        ...change,
        ...(uploaded ? { photo: uploaded } : {}),
        ...(photoRemoved ? { photo: null } : {}),
      });
      notifications.show({ color: 'teal', message: t('Contact Updated') });
      form.resetDirty();
      guard.allowLeave();
      await navigate({ to: '/person/$id', params: { id: contact.id }, state: { from } });
    } catch (error) {
      // The contact kept its old photo: the one uploaded for it is not needed.
      if (uploaded) removeImage.mutate({ publicId: uploaded });
      form.setErrors(translateFieldErrors(mapErrorPaths(fieldErrors(error))));
      focusFirstError();
      const message = errorMessage(error, '');
      notifications.show({
        color: 'red',
        message: message || t('Failed to update contact. Please try again.'),
      });
    } finally {
      save.finish();
    }
  }, focusFirstError);

  return (
    <Container size="md" px={0}>
      <form onSubmit={submit} noValidate>
        <FormPageHeader title={t('Edit contact')} onBack={back} saving={save.busy} />
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
          <Stack gap="xl">
            <AvatarPicker
              name={form.getValues().name}
              url={shownUrl}
              onPick={(file) => pick(file)}
              onOpenMenu={avatarDialog.open}
            />
            <ContactFields form={form} mode="edit" />
          </Stack>
        </Paper>
      </form>
      <Modal
        opened={avatarOpened}
        onClose={avatarDialog.close}
        title={t('Photo')}
        centered
        size="xs"
      >
        <Group grow>
          <FileButton onChange={pick} accept="image/*">
            {(props) => <Button {...props}>{t('Edit')}</Button>}
          </FileButton>
          <Button color="red" variant="light" onClick={removePhoto} disabled={!shownUrl}>
            {t('Delete')}
          </Button>
        </Group>
      </Modal>
      <DiscardDialog
        opened={discardOpened}
        onClose={discard.close}
        onDiscard={() => {
          discard.close();
          guard.allowLeave();
          goBack();
        }}
      />
      <DiscardDialog opened={guard.blocked} onClose={guard.stay} onDiscard={guard.leave} />
    </Container>
  );
}
