import { i18nKey } from '../lib/i18n';

/**
 * Messages the server and the shared validators send, listed so the catalogue holds their
 * translations: the web app shows them through `errorMessage`, `fieldErrors` and
 * `translateErrors`, which look each one up by its English text. A test checks that every
 * message of `@kith/validators` is here.
 */
export const serverMessages = [
  // @kith/validators (SPEC §5)
  i18nKey('First name is required'),
  i18nKey('Last name is required'),
  i18nKey('Invalid email'),
  i18nKey('Phone number is required'),
  i18nKey('If one worksAt field is filled, all must be filled.'),
  i18nKey('If one location field is filled, all must be filled.'),
  i18nKey('If one birthday field is filled, all must be filled.'),
  i18nKey('Please select a valid image file.'),
  i18nKey('Image size should be less than 5MB.'),
  i18nKey('Name is required'),
  i18nKey('Invalid email address'),
  i18nKey('Password must be at least 6 characters'),
  i18nKey('Enter the 6-digit code from the email'),
  i18nKey('Enter your current password'),
  i18nKey('Passwords do not match'),
  i18nKey('Choose a password different from the current one'),
  i18nKey('This field is required'),
  i18nKey('Choose a month from January to December'),
  i18nKey('Label name is required'),
  i18nKey('Label names are at most 60 characters'),
  i18nKey('Select at least one contact'),
  // The API's messages (SPEC §8 and the account rules)
  i18nKey('An account with this email already exists. Try logging in.'),
  i18nKey('Invalid email or password.'),
  i18nKey('No account is waiting for verification with this email.'),
  i18nKey('This email is already verified. Please log in.'),
  i18nKey('We could not send the email right now. Please try again in a moment.'),
  i18nKey('Please verify your email first. We sent a code to your inbox.'),
  i18nKey('No email is waiting for verification. Please sign up again.'),
  i18nKey('Your account is no longer available.'),
  i18nKey('Your session has ended. Please sign in again.'),
  i18nKey('Your recovery session has expired. Please start again.'),
  i18nKey('No account found with this email address.'),
  i18nKey('Invalid code. Please check it and try again.'),
  i18nKey('This code has expired. Ask for a new one.'),
  i18nKey('Too many wrong codes. Ask for a new one.'),
  i18nKey('This password is one of the most common and easy to guess. Please choose another.'),
  i18nKey('Contact not found.'),
  i18nKey('None of the selected contacts were found.'),
  i18nKey('Image not found.'),
  i18nKey('This image has too many pixels to process. Please choose a smaller image.'),
  i18nKey('The upload could not be read. Please try again.'),
  i18nKey('The service is temporarily unavailable. Please try again in a moment.'),
  i18nKey('Something went wrong on our side. Please try again.'),
  i18nKey('This request came from another site and was refused.'),
  i18nKey('The password is not correct.'),
  i18nKey('That session has already ended.'),
  i18nKey('This is the session you are using. Use Sign Out to end it.'),
  i18nKey('A label with this name already exists.'),
  i18nKey('Label not found.'),
  i18nKey('One of these contacts is gone. Refresh the page and try again.'),
  i18nKey('Pick values from the contacts being merged.'),
  i18nKey('Choose at least two contacts to merge.'),
];
