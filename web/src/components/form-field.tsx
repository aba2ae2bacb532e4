/** Labelled inputs for the account forms; a password field has a show/hide toggle. */
import { useId, useState, type InputHTMLAttributes } from 'react';
import { authTexts } from '../lib/texts/auth';

type FieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

export function TextField({ label, value, onChange, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} {...input} />
    </div>
  );
}

/** The toggle's labels default to the account texts: every password field of ours uses them. */
export function PasswordField({
  showLabel = authTexts.showPassword,
  hideLabel = authTexts.hidePassword,
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
