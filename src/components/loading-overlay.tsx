export interface LoadingOverlayProps {
  text?: string;
}

/** Covers its nearest positioned ancestor while content loads; the text is announced politely. */
export function LoadingOverlay({ text = 'Loading your content...' }: LoadingOverlayProps) {
  return (
    <div
      role="status"
      className="position-absolute top-0 start-0 w-100 h-100 d-flex flex-column align-items-center justify-content-center gap-2 bg-white bg-opacity-75"
      style={{ zIndex: 2 }}
    >
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
