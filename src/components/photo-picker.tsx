import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { FormFeedback, Input, Label } from 'reactstrap';
import { photoProblem, PHOTO_TYPES } from '../lib/rules/files';

export interface PhotoPickerProps {
  label: string;
  /** The photo already saved, shown until another is chosen. */
  currentUrl?: string | null;
  /** Called with an acceptable file, or null when the choice was refused or cleared. */
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/** Chooses a PNG or JPEG photo of at most 5 MB, previews it, and says why a file is refused. */
export function PhotoPicker({ label, currentUrl, onChange, disabled }: PhotoPickerProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);

  useEffect(() => {
    return () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    };
  }, [previewUrl]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const refusal = chosen ? photoProblem(chosen) : null;
    setProblem(refusal);
    setFile(refusal ? null : chosen);
    onChange(refusal ? null : chosen);
    if (refusal) event.target.value = '';
  }

  const shown = previewUrl ?? currentUrl ?? null;
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
          <Input
            id={id}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            onChange={choose}
            disabled={disabled}
            invalid={problem !== null}
          />
          {problem ? <FormFeedback>{problem}</FormFeedback> : null}
        </div>
      </div>
    </div>
  );
}
