/**
 * Asks before a change (removing a member, cancelling an order, extending an order's access, pricing its
 * paid extension), then makes it; a refusal is shown in the dialog as the server words it, and the dialog
 * stays open to try again or keep.
 */
import type { ReactNode } from 'react';
import { useAction } from '../lib/use-action';
import { ErrorMessage } from './error-message';
import { Modal } from './modal';

export interface ConfirmDialogTexts {
  title: string;
  /** What the change does, in the person's words. */
  question: string;
  confirm: string;
  confirming: string;
  keep: string;
  /** Shown when the call gets no answer (a refusal's own message is shown instead when there is one). */
  failure: string;
}

export function ConfirmDialog(props: {
  texts: ConfirmDialogTexts;
  /** The change; a message it returns (a choice that cannot be sent) is shown like a refusal. */
  onConfirm: () => Promise<string | void>;
  onClose: () => void;
  /** What the person chooses before confirming (e.g. how many days), under the question. */
  children?: ReactNode;
}) {
  const { texts } = props;
  const action = useAction({ run: props.onConfirm, failure: texts.failure });
  return (
    <Modal title={texts.title} onClose={props.onClose}>
      <p>{texts.question}</p>
      {props.children}
      <ErrorMessage message={action.error} />
      <div className="actions">
        <button type="button" className="button" disabled={action.busy} onClick={() => void action.run()}>
          {action.busy ? texts.confirming : texts.confirm}
        </button>
        <button type="button" className="button button-secondary" onClick={props.onClose}>
          {texts.keep}
        </button>
      </div>
    </Modal>
  );
}
