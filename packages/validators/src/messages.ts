/**
 * User-facing validation messages: product text, quoted exactly as
 * docs/product/validation.md states them.
 * Server inputs and web forms share them, so a message reads the same wherever it shows.
 */
export const messages = {
  contact: {
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    invalidEmail: 'Invalid email',
    phoneRequired: 'Phone number is required',
    worksAtGroup: 'If one worksAt field is filled, all must be filled.',
    locationGroup: 'If one location field is filled, all must be filled.',
    birthdayGroup: 'If one birthday field is filled, all must be filled.',
  },
  image: {
    notAnImage: 'Please select a valid image file.',
    tooLarge: 'Image size should be less than 5MB.',
  },
  account: {
    nameRequired: 'Name is required',
    invalidEmail: 'Invalid email address',
    passwordTooShort: 'Password must be at least 6 characters',
    passwordTooLong: 'Password must be at most 128 characters',
    passwordRepeated: 'Password cannot be one character repeated',
    otpFormat: 'Enter the 6-digit code from the email',
    currentPasswordRequired: 'Enter your current password',
    passwordsDiffer: 'Passwords do not match',
    samePassword: 'Choose a password different from the current one',
  },
  contactUs: {
    required: 'This field is required',
  },
} as const;
