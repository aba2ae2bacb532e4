import * as z from 'zod/mini';

/** Every error the API answers with: a 4xx or 5xx body. */
export const ApiError = z.object({ message: z.string() });
export type ApiError = z.infer<typeof ApiError>;

/** Random, unguessable ids (order ids carry at least 128 bits): URL-safe base64 or hex. */
export const Id = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid id'));

export const Email = z
  .string()
  .check(
    z.trim(),
    z.maxLength(254),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  );

export const CaptchaToken = z
  .string({ error: 'A captcha token is required' })
  .check(z.minLength(1, 'A captcha token is required'), z.maxLength(4096));

/** ISO currency code, upper case. */
export const Currency = z.string().check(z.regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter ISO code'));

/** Accepted by the date helpers: seconds, milliseconds or a string (account document, section 3). */
export const DateValue = z.union([z.number(), z.string()]);

export const Empty = z.object({});

/** Paging: an opaque token, never a raw DynamoDB key. */
export const PageQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  nextToken: z.optional(z.string().check(z.maxLength(2048))),
});
