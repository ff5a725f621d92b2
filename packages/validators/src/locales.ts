import { z } from 'zod';
import { INTERFACE_LOCALES } from './constants';

export const interfaceLocale = z.enum(INTERFACE_LOCALES);
