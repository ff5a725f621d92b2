import { SuperJSON } from 'superjson';

/**
 * The tRPC transformer every side uses (server, web app, SDK): superjson, taught to carry
 * `Uint8Array` (image uploads) as base64. Works in browsers and Node alike.
 */
export const transformer = new SuperJSON();

transformer.registerCustom<Uint8Array, string>(
  {
    isApplicable: (value): value is Uint8Array => value instanceof Uint8Array,
    serialize: (bytes) => {
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      }
      return btoa(binary);
    },
    deserialize: (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
  },
  'Uint8Array',
);
