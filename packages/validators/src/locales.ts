import { z } from 'zod';

/** The interface languages with a complete catalogue (BCP 47 primary tags). */
export const INTERFACE_LOCALES = ['en', 'es'] as const;
export type InterfaceLocale = (typeof INTERFACE_LOCALES)[number];
export const interfaceLocale = z.enum(INTERFACE_LOCALES);
