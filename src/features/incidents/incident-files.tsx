import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import Play from 'lucide-react/icons/play';
import Upload from 'lucide-react/icons/upload';
import { Button } from 'reactstrap';
import { INCIDENT_FILE_TYPES, incidentFileProblem } from '@rules/files';
import { INCIDENT_MESSAGES, MAX_INCIDENT_FILES } from '@rules/incidents';
import { isVideo } from './incident-text';
import './incidents.css';
import { useObjectUrl } from '../../components/use-object-url';

export interface FileTileProps {
  name: string;
  url: string;
  video: boolean;
  /** Opens the file larger (a photo) or plays it (a video); without it the tile only shows it. */
  onPreview?: () => void;
  onRemove?: () => void;
  disabled?: boolean;
}

/** One photo or video: its thumbnail (a video's first frame under a play mark), name and Remove. */
export function FileTile({ name, url, video, onPreview, onRemove, disabled }: FileTileProps) {
  const thumbnail = (
    <span className="incident-file-thumbnail">
      {video ? (
        <>
          {/* Only its first frame shows here; the preview plays it with controls. */}
          <video src={url} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} />
          <Play size={28} className="incident-file-play" aria-hidden="true" />
        </>
      ) : (
        <img src={url} alt="" />
      )}
    </span>
  );
  return (
    <li className="incident-file-tile">
      {onPreview ? (
        <button
          type="button"
          className="incident-file-preview-button"
          aria-label={`${video ? 'Play' : 'View'} ${name}`}
          onClick={onPreview}
        >
          {thumbnail}
        </button>
      ) : (
        thumbnail
      )}
      <span className="incident-file-name text-break" title={name}>
        {name}
      </span>
      {onRemove ? (
        <Button
          type="button"
          color="link"
          size="sm"
          className="text-danger p-0"
          disabled={disabled}
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      ) : null}
    </li>
  );
}

/** A chosen file shown from memory until it is uploaded; its object URL lives as long as the tile. */
function ChosenFileTile({
  file,
  onRemove,
  disabled,
}: {
  file: File;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const url = useObjectUrl(file) ?? '';
  return (
    <FileTile
      name={file.name}
      url={url}
      video={isVideo(file.type)}
      onRemove={onRemove}
      disabled={disabled}
    />
  );
}

/** A refused file and why, shown together (spec part 2 §5: the file name and the error). */
interface Refusal {
  name: string;
  message: string;
}

/** Keys for chosen files, which have no id of their own and may share a name. */
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 0;
function keyOf(file: File): number {
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = nextFileKey++;
    fileKeys.set(file, key);
  }
  return key;
}

export interface IncidentFilesPickerProps {
  label: string;
  /** The accepted files not yet uploaded, in the order chosen. */
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Files the incident already holds: they count towards its limit. */
  heldCount?: number;
  disabled?: boolean;
}

/**
 * Photos and videos by drop or by the browser's file dialog: each png, jpeg or mp4 of at most
 * 5 MB is added (with a preview), every other one is named with the reason it was refused.
 */
export function IncidentFilesPicker({
  label,
  files,
  onChange,
  heldCount = 0,
  disabled = false,
}: IncidentFilesPickerProps) {
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [dragging, setDragging] = useState(false);

  function add(chosen: readonly File[]) {
    const accepted: File[] = [];
    const refused: Refusal[] = [];
    let room = MAX_INCIDENT_FILES - heldCount - files.length;
    for (const file of chosen) {
      const problem =
        incidentFileProblem(file) ?? (room > 0 ? null : INCIDENT_MESSAGES.tooManyFiles);
      if (problem) {
        refused.push({ name: file.name, message: problem });
      } else {
        accepted.push(file);
        room -= 1;
      }
    }
    setRefusals(refused);
    if (accepted.length > 0) onChange([...files, ...accepted]);
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // Emptied so that choosing the same file again, e.g. after Remove, is still a change.
    event.target.value = '';
    add(chosen);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add(Array.from(event.dataTransfer.files));
  }

  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="form-label fs-6 mb-2">{label}</legend>
      <div
        className={`incident-drop-zone${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <Upload size={22} aria-hidden="true" />
        <span id={hintId}>
          Drop photos or videos here (png, jpeg or mp4, at most 5 MB each), or
        </span>
        {/* The native input is only the browser's file dialog; the button opens it. */}
        <input
          ref={input}
          type="file"
          multiple
          className="visually-hidden"
          tabIndex={-1}
          accept={INCIDENT_FILE_TYPES.join(',')}
          aria-label={label}
          onChange={choose}
          disabled={disabled}
        />
        <Button
          type="button"
          color="primary"
          outline
          size="sm"
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          Browse
        </Button>
      </div>
      {refusals.length > 0 ? (
        // The alert wraps the list: an alert role on the list itself would hide its items' role.
        <div role="alert">
          <ul className="incident-file-refusals">
            {refusals.map((refusal, index) => (
              <li key={`${refusal.name}-${index}`}>
                <span className="fw-semibold">{refusal.name}:</span> <span>{refusal.message}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul className="incident-file-grid" aria-label="Chosen files">
          {files.map((file) => (
            <ChosenFileTile
              key={keyOf(file)}
              file={file}
              disabled={disabled}
              onRemove={() => onChange(files.filter((other) => other !== file))}
            />
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
