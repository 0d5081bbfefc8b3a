import { useState } from 'react';
import { loginSchema, registerSchema } from '@vitrine/domain/schemas/auth';
import { ROLES, type Role } from '@vitrine/domain/constants';
import type { CurrentUser } from '@vitrine/domain/answers';
import { useSession } from '../../stores/session';
import { PAUSED_NOTICE } from './paused';
import { useSchemaForm, useFormSubmit, type FieldErrors } from '../../lib/form';
import { errorMessage, errorStatus } from '../../lib/api';
import { siteName } from '../../lib/site';
import { Button } from '../../components/ui/button';
import { FormFailure } from '../../components/ui/form-failure';
import { Checkbox, Field, Input, Textarea } from '../../components/ui/field';
import { PasswordStrengthMeter } from '../../components/ui/password-strength';
import { Select } from '../../components/ui/select';
import { TabPanel, Tabs } from '../../components/ui/tabs';
import { useToastedAction } from '../../hooks/use-toasted-action';

/** Labels of the sign-up roles. */
export const ROLE_LABELS: Record<Role, string> = {
  developer: 'Developer: submit projects for testing and receive ratings',
  tester: 'Tester: browse test requests and give feedback',
  both: 'Both: developer and tester',
};

/** The Username field of both forms. */
function UsernameField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label="Username" error={error}>
      {(p) => (
        <Input
          {...p}
          name="username"
          autoComplete="username"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A password field: 'current-password' when signing in, 'new-password' when signing up. */
function PasswordField({
  label,
  name,
  autoComplete,
  value,
  error,
  onChange,
}: {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(p) => (
        <Input
          {...p}
          name={name}
          type="password"
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** 'Remember me' and the full-width submit button that end both forms. */
function RememberAndSubmit({
  rememberMe,
  onRememberMeChange,
  pending,
  label,
  pendingLabel,
}: {
  rememberMe: boolean;
  onRememberMeChange: (checked: boolean) => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      <Checkbox checked={rememberMe} onCheckedChange={onRememberMeChange}>
        Remember me
      </Checkbox>
      <Button type="submit" loading={pending} className="w-full">
        {pending ? pendingLabel : label}
      </Button>
    </>
  );
}

/** The sign-in form; `onSuccess` runs after the 'Login successful' toast. */
function LoginForm({ onSuccess }: { onSuccess?: (user: CurrentUser) => void }) {
  const login = useSession((s) => s.login);
  const form = useSchemaForm(loginSchema, { username: '', password: '', rememberMe: false });
  const { run } = useToastedAction();
  const { pending, onSubmit } = useFormSubmit(form.validate, (input) =>
    run('login', () => login(input), {
      success: (user) => ({
        title: 'Login successful',
        description: user.isPaused
          ? `Welcome back, ${user.username}! ${PAUSED_NOTICE}`
          : `Welcome back, ${user.username}!`,
      }),
      failure: (error) => ({ title: 'Login failed', description: errorMessage(error, 'Login failed') }),
      onSuccess,
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <UsernameField
        value={form.values.username}
        error={form.errors.username}
        onChange={(v) => form.set('username', v)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={form.values.password}
        error={form.errors.password}
        onChange={(v) => form.set('password', v)}
      />
      <RememberAndSubmit
        rememberMe={form.values.rememberMe}
        onRememberMeChange={(checked) => form.set('rememberMe', checked)}
        pending={pending}
        label="Log in"
        pendingLabel="Logging in..."
      />
    </form>
  );
}

/** The sign-up field a refusal of the server is about, by status. */
const REFUSED_FIELD: Partial<Record<number, 'username' | 'password'>> = { 409: 'username', 400: 'password' };

/**
 * Puts the server's refusal of a sign-up at the field it is about (the form's submit then focuses
 * it, once the error is on the page): a taken username (409), or a common or guessable password
 * (the only 400 the form's own checks let through). Answers the refusal's text when no field holds
 * it, for the form's own failure line.
 */
function showRefusal(error: unknown, setErrors: (errors: FieldErrors) => void): string | null {
  const description = errorMessage(error, 'Registration failed');
  const field = REFUSED_FIELD[errorStatus(error) ?? 0];
  if (!field) return description;
  setErrors({ [field]: description });
  return null;
}

/** What the sign-up form starts with. */
const REGISTER_INITIAL = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'both' as Role,
  bio: '',
  rememberMe: false,
};

/**
 * The sign-up form's state and submit: sends the registration with the 'Registration successful'
 * toast, or puts the server's refusal at its field.
 */
function useRegisterForm(onSuccess?: (user: CurrentUser) => void) {
  const register = useSession((s) => s.register);
  const form = useSchemaForm(registerSchema, REGISTER_INITIAL);
  const { run } = useToastedAction();
  // A refusal is said once, where the form is: at its field, else under the form (never also a toast).
  const [failure, setFailure] = useState<string | null>(null);
  const { pending, onSubmit } = useFormSubmit(
    () => {
      setFailure(null);
      return form.validate();
    },
    (input) =>
      run('register', () => register(input), {
        success: (user) => ({
          title: 'Registration successful',
          description: `Welcome to ${siteName()}, ${user.username}!`,
        }),
        failure: (error) => {
          setFailure(showRefusal(error, form.setErrors));
          return null;
        },
        onSuccess,
      }),
    { focusInvalid: true },
  );
  return { form, pending, onSubmit, failure };
}

/** The sign-up form's values, errors and setter, as its field groups take them. */
type RegisterFormState = ReturnType<typeof useRegisterForm>['form'];

/** The optional Email field of the sign-up form. */
function EmailField({ form }: { form: RegisterFormState }) {
  return (
    <Field label="Email (optional)" error={form.errors.email}>
      {(p) => (
        <Input
          {...p}
          name="email"
          type="email"
          autoComplete="email"
          value={form.values.email}
          onChange={(e) => form.set('email', e.target.value)}
        />
      )}
    </Field>
  );
}

/** The new password with its strength meter, beside its confirmation. */
function NewPasswordFields({ form }: { form: RegisterFormState }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-2">
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={form.values.password}
          error={form.errors.password}
          onChange={(v) => form.set('password', v)}
        />
        <PasswordStrengthMeter password={form.values.password} userInputs={[form.values.username, siteName()]} />
      </div>
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={form.values.confirmPassword}
        error={form.errors.confirmPassword}
        onChange={(v) => form.set('confirmPassword', v)}
      />
    </div>
  );
}

/** The sign-up role, one of ROLE_LABELS. */
function RoleField({ form }: { form: RegisterFormState }) {
  return (
    <Field label="Role" error={form.errors.role} hint="You can change your role later in your profile settings.">
      {(p) => (
        <Select<Role>
          {...p}
          name="role"
          options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          value={form.values.role}
          onValueChange={(role) => form.set('role', role)}
        />
      )}
    </Field>
  );
}

/** The optional Bio field of the sign-up form. */
function BioField({ form }: { form: RegisterFormState }) {
  return (
    <Field label="Bio (optional)" error={form.errors.bio}>
      {(p) => (
        <Textarea
          {...p}
          name="bio"
          rows={3}
          maxLength={500}
          value={form.values.bio}
          onChange={(e) => form.set('bio', e.target.value)}
        />
      )}
    </Field>
  );
}

/** The sign-up form with role and bio; `onSuccess` runs after the 'Registration successful' toast. */
function RegisterForm({ onSuccess }: { onSuccess?: (user: CurrentUser) => void }) {
  const { form, pending, onSubmit, failure } = useRegisterForm(onSuccess);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <UsernameField
        value={form.values.username}
        error={form.errors.username}
        onChange={(v) => form.set('username', v)}
      />
      <EmailField form={form} />
      <NewPasswordFields form={form} />
      <RoleField form={form} />
      <BioField form={form} />
      <FormFailure title="Registration failed" message={failure} />
      <RememberAndSubmit
        rememberMe={form.values.rememberMe}
        onRememberMeChange={(checked) => form.set('rememberMe', checked)}
        pending={pending}
        label="Create account"
        pendingLabel="Creating account..."
      />
    </form>
  );
}

/** Which auth tab is showing. */
export type AuthTab = 'login' | 'register';

/** Login and Sign Up tabs, shared by the dialog and the /auth page. */
export function AuthTabs({
  tab,
  onTabChange,
  onSuccess,
}: {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onSuccess?: (user: CurrentUser) => void;
}) {
  return (
    <Tabs<AuthTab>
      label="Sign in or sign up"
      fullWidth
      items={[
        { value: 'login', label: 'Login' },
        { value: 'register', label: 'Sign Up' },
      ]}
      value={tab}
      onValueChange={onTabChange}
    >
      <TabPanel value="login">
        <LoginForm onSuccess={onSuccess} />
      </TabPanel>
      <TabPanel value="register">
        <RegisterForm onSuccess={onSuccess} />
      </TabPanel>
    </Tabs>
  );
}
