/** Labelled inputs for the account forms; a password field has a show/hide toggle. */
import { useId, useState, type InputHTMLAttributes } from 'react';
import { passwordFieldTexts } from './password-field-texts';

type FieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

/** `hint`: a line under the input, which describes it to assistive technology. */
export function TextField({ label, value, onChange, hint, ...input }: FieldProps & { hint?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? hintId : undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The toggle's labels default to the account texts: every password field of ours uses them. */
export function PasswordField({
  showLabel = passwordFieldTexts.showPassword,
  hideLabel = passwordFieldTexts.hidePassword,
  ...props
}: FieldProps & { showLabel?: string; hideLabel?: string }) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const { label, value, onChange, ...input } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...input}
        />
        <button
          type="button"
          className="button-link"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? hideLabel : showLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * A new password and its confirmation (sign-up, account set-up, reset, change), typed as new passwords
 * so password managers offer to generate and save one. `replacing` labels them 'New password' and
 * 'Confirm new password', where the account already has a password.
 */
export function NewPasswordFields(props: {
  value: { password: string; confirm: string };
  onChange: { password: (value: string) => void; confirm: (value: string) => void };
  replacing?: boolean;
  required?: boolean;
}) {
  const labels = props.replacing
    ? { password: passwordFieldTexts.newPassword, confirm: passwordFieldTexts.confirmNewPassword }
    : { password: passwordFieldTexts.password, confirm: passwordFieldTexts.confirmPassword };
  const common = { autoComplete: 'new-password', required: props.required } as const;
  return (
    <>
      <PasswordField
        label={labels.password}
        value={props.value.password}
        onChange={props.onChange.password}
        {...common}
      />
      <PasswordField
        label={labels.confirm}
        value={props.value.confirm}
        onChange={props.onChange.confirm}
        {...common}
      />
    </>
  );
}
