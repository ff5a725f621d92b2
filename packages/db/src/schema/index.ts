export * from './users';
export * from './auth';
export * from './images';
export * from './card';
export * from './contacts';
export * from './feedback';
export * from './labels';
export * from './imports';
