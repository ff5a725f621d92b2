export * from './messages';
export * from './account';
export * from './contact-us';
export * from './feedback';
export * from './contact';
export * from './locales';
export * from './profile';
export * from './import';
