import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, FormFeedback, Input, Label } from 'reactstrap';
import { photoProblem, PHOTO_TYPES } from '@rules/files';
import { useObjectUrl } from './use-object-url';

export interface PhotoPickerProps {
  label: string;
  /**
   * The chosen file: what the form will send, and the picker shows exactly this. Left out, the
   * picker holds the choice itself, which is enough for a form that stays mounted while it saves.
   */
  value?: File | null;
  /** Called with an acceptable file, or null when the choice was refused or removed. */
  onChange: (file: File | null) => void;
  /** The photo already saved, shown while no other is chosen. */
  currentUrl?: string | null;
  /** A refusal from elsewhere (e.g. the server refused the upload), shown like the picker's own. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * Chooses a PNG or JPEG photo of at most 5 MB, previews it, and says why a file is refused.
 * The file's name is shown from `value` (or the picker's own choice), never from the browser's
 * file input, which is hidden and emptied after every choice: a form that comes back after a
 * failed save shows the file it will send, not an input saying "No file chosen" beside it.
 */
export function PhotoPicker({
  label,
  value,
  onChange,
  currentUrl,
  error,
  disabled,
}: PhotoPickerProps) {
  const id = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ownFile, setOwnFile] = useState<File | null>(null);
  const file = value === undefined ? ownFile : value;
  const previewUrl = useObjectUrl(file);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    // Emptied so that choosing the same file again, e.g. after Remove, is still a change.
    event.target.value = '';
    if (!chosen) return;
    const refusal = photoProblem(chosen);
    setProblem(refusal);
    setOwnFile(refusal ? null : chosen);
    onChange(refusal ? null : chosen);
  }

  function remove() {
    setProblem(null);
    setOwnFile(null);
    onChange(null);
  }

  const shown = previewUrl ?? currentUrl ?? null;
  const message = problem ?? error ?? null;
  return (
    <div className="photo-picker mb-3">
      <Label for={id}>{label}</Label>
      <div className="d-flex align-items-center gap-3">
        {shown ? (
          <img src={shown} alt="Chosen photo" className="photo-picker-preview" />
        ) : (
          <div className="photo-picker-preview placeholder-photo" aria-hidden="true" />
        )}
        <div className="flex-grow-1">
          <div className="d-flex align-items-center flex-wrap gap-2">
            {/* The native input is only the browser's file dialog; the button opens it. */}
            <Input
              id={id}
              innerRef={input}
              type="file"
              className="visually-hidden"
              tabIndex={-1}
              accept={PHOTO_TYPES.join(',')}
              onChange={choose}
              disabled={disabled}
            />
            <Button
              type="button"
              color="secondary"
              outline
              size="sm"
              disabled={disabled}
              aria-describedby={statusId}
              onClick={() => input.current?.click()}
            >
              Choose file
            </Button>
            <span id={statusId} className="text-break">
              {file ? file.name : 'No file chosen'}
            </span>
            {file ? (
              <Button
                type="button"
                color="link"
                size="sm"
                disabled={disabled}
                onClick={remove}
                aria-label={`Remove ${file.name}`}
              >
                Remove
              </Button>
            ) : null}
          </div>
          {message ? <FormFeedback className="d-block">{message}</FormFeedback> : null}
        </div>
      </div>
    </div>
  );
}
