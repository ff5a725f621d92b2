import { i18nKey } from '../../../lib/i18n';
import { Container, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  errorMessage,
  fieldErrors,
  notifyError,
  notifySuccess,
  progressToast,
} from '../../../lib/notify';
import { REDIRECT_DELAY_MS, wait } from '../../../lib/timing';
import { focusFirstError } from '../../../lib/focus-first-error';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { useImageUpload } from '../../../lib/images';
import { useCreateContact } from '../api/contacts';
import {
  emptyContactForm,
  mapErrorPaths,
  toContactInput,
  validateContactForm,
  type ContactFormValues,
} from '../api/contact-form-values';
import { translateFieldErrors } from '../api/field-messages';
import { AvatarPicker, imageFileProblem } from '../../../components/avatar-picker';
import { DiscardDialog } from './discard-dialog';
import { notifyStillSaving, useLeaveGuard } from './use-leave-guard';
import { ContactFields } from './contact-fields';
import { FormPageHeader } from './form-page-header';
import { useGoBack } from './use-go-back';
import { useTranslation } from 'react-i18next';

interface UploadedAvatar {
  publicId: string;
  url: string;
}

/**
 * The create screen, /new (docs/product/screens.md#create-contact-screen,
 * docs/product/states.md#forms): the photo uploads as soon as it is picked and
 * removing it deletes it on the server; back with anything filled asks before discarding
 * (which deletes the uploaded photo); Save shows 'Contact Is Creating...', then 'Contact
 * Created', and opens the new contact after 2 s. From Save until then (or until the save
 * fails) no way out offers Discard: it says the contact is still saving.
 */
export function CreateContactPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [avatar, setAvatar] = useState<UploadedAvatar | null>(null);
  const [discardOpened, discard] = useDisclosure(false);
  const { upload, remove: removeImage } = useImageUpload();
  const create = useCreateContact();
  // From Save until the new contact opens (or the save fails), Save is busy and a second
  // submit is ignored; the key makes a resent create answer the first contact.
  const save = useSubmitOnce();
  const [creation, setCreation] = useState<{ key: string; values: string } | null>(null);
  const form = useForm<ContactFormValues>({
    initialValues: emptyContactForm,
    validate: (values) => translateFieldErrors(validateContactForm(values, 'create')),
  });
  const name = `${form.getValues().givenName} ${form.getValues().familyName}`.trim();
  // A photo still uploading counts as filled: leaving then would orphan it.
  const [uploading, setUploading] = useState<Promise<UploadedAvatar | null> | null>(null);
  const filled = avatar !== null || uploading !== null || form.isDirty();
  const guard = useLeaveGuard(filled, save.busy);

  const pick = async (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      notifications.show({ color: 'red', message: problem });
      return;
    }
    const uploaded = (async () => {
      try {
        const { image } = await upload.mutateAsync({
          data: new Uint8Array(await new Response(file).arrayBuffer()),
          publicId: avatar?.publicId,
        });
        setAvatar(image);
        notifySuccess('Image uploaded successfully!');
        return image;
      } catch (error) {
        notifyError(error, i18nKey('Failed to upload image. Please try again.'));
        return null;
      }
    })();
    setUploading(uploaded);
    await uploaded;
    setUploading(null);
  };

  const remove = async () => {
    if (!avatar) return;
    try {
      await removeImage.mutateAsync({ publicId: avatar.publicId });
      setAvatar(null);
      notifySuccess('Image delete successfully!');
    } catch (error) {
      notifyError(error, i18nKey('Failed to delete image. Please try again.'));
    }
  };

  // While a save is on its way, Discard would not stop it: the contact would open moments
  // after it was discarded. Back says so and the screen waits for the answer.
  const back = () => {
    if (save.busy) notifyStillSaving();
    else if (filled) discard.open();
    else goBack();
  };

  // Discard deletes the uploaded photo, one still on its way included
  // (docs/product/states.md#forms).
  const dropPhoto = async () => {
    const photo = (uploading ? await uploading : null) ?? avatar;
    if (photo) await removeImage.mutateAsync({ publicId: photo.publicId }).catch(() => undefined);
    setAvatar(null);
  };

  const discardAndLeave = async () => {
    discard.close();
    await dropPhoto();
    form.reset();
    guard.allowLeave();
    goBack();
  };

  const submit = form.onSubmit(async (values) => {
    if (!save.start()) return;
    const input = { ...toContactInput(values), photo: avatar?.publicId ?? null };
    // The same values keep their key, so a retry after a lost answer cannot make two contacts.
    const sent = JSON.stringify(input);
    const key = creation?.values === sent ? creation.key : crypto.randomUUID();
    setCreation({ key, values: sent });
    const done = progressToast(i18nKey('Contact Is Creating...'));
    try {
      const contact = await create.mutateAsync({ ...input, idempotencyKey: key });
      done({ color: 'teal', message: t('Contact Created') });
      await wait(REDIRECT_DELAY_MS);
      guard.allowLeave();
      await navigate({ to: '/person/$id', params: { id: contact.id }, state: { from: '/' } });
    } catch (error) {
      save.finish();
      form.setErrors(translateFieldErrors(mapErrorPaths(fieldErrors(error))));
      focusFirstError();
      done({
        color: 'red',
        message: errorMessage(error, i18nKey('Failed to create contact. Please try again.')),
      });
    }
  }, focusFirstError);

  return (
    <Container size="md" px={0}>
      <form onSubmit={submit} noValidate>
        <FormPageHeader title={t('Create contact')} onBack={back} saving={save.busy} />
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
          <Stack gap="xl">
            <AvatarPicker
              name={name}
              url={avatar?.url ?? ''}
              busy={upload.isPending}
              onPick={pick}
              onRemove={remove}
            />
            <ContactFields form={form} mode="create" />
          </Stack>
        </Paper>
      </form>
      <DiscardDialog opened={discardOpened} onClose={discard.close} onDiscard={discardAndLeave} />
      <DiscardDialog
        opened={guard.blocked}
        onClose={guard.stay}
        onDiscard={async () => {
          await dropPhoto();
          guard.leave();
        }}
      />
    </Container>
  );
}
