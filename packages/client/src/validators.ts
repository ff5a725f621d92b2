// The zod schemas the server checks every input with (and the product's messages), for a form
// that checks what the server will check: `import { contactInput } from '@kith/client/validators'`.
// Apart from the main entry, so a client that does not need them does not carry zod.
export * from '@kith/validators';
