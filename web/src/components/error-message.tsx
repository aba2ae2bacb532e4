/** An error announced as soon as it appears; renders nothing without a message. */
export function ErrorMessage({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="error-message" role="alert">
      {message}
    </p>
  );
}
