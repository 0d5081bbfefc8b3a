import { z } from '../zod';
import { ROLES } from '../constants';

/** Sign-in input. */
export const loginSchema = z.object({
  username: z
    .string({ error: 'Username must be at least 3 characters' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(30, 'Username cannot exceed 30 characters'),
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(100, 'Password is too long'),
  rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Username rules shared by sign-up and anything that names a user. */
export const usernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username cannot exceed 30 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Username can only contain letters, numbers, underscores, and hyphens');

/** Registration input. An empty email means none. */
export const registerSchema = z
  .object({
    username: usernameSchema,
    email: z
      .union([z.literal(''), z.email('Invalid email format').max(254, 'Invalid email format')], {
        error: 'Invalid email format',
      })
      .optional()
      .nullable(),
    password: z
      .string({ error: 'Password must be at least 8 characters' })
      .min(8, 'Password must be at least 8 characters')
      .max(100, 'Password is too long'),
    confirmPassword: z.string({ error: "Passwords don't match" }),
    role: z.enum(ROLES, { error: 'Role must be developer, tester or both' }).default('both'),
    bio: z
      .string({ error: 'Bio must be 500 characters or less' })
      .max(500, 'Bio must be 500 characters or less')
      .optional()
      .nullable(),
    rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { error: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The new password's rules: registration's, so one message set. */
const newPasswordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(100, 'Password is too long');

/** POST /api/users/me/password: the current password and the new one, twice. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password')
      .max(100, 'Password is too long'),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: "Passwords don't match", path: ['confirmPassword'] });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** DELETE /api/users/me: the member's password, asked again before their account is deleted for good. */
export const accountDeleteSchema = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(100, 'Password is too long'),
});
export type AccountDeleteInput = z.infer<typeof accountDeleteSchema>;

/** Longest confirmation token accepted (ours are 43 characters). */
const MAX_TOKEN_LENGTH = 200;

/** POST /api/email/confirm: the token of a confirmation link. */
export const emailConfirmSchema = z.object({
  token: z
    .string({ error: 'This confirmation link is invalid or has expired' })
    .min(1, 'This confirmation link is invalid or has expired')
    .max(MAX_TOKEN_LENGTH, 'This confirmation link is invalid or has expired'),
});
