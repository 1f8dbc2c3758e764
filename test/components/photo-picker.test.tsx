import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoPicker } from '../../src/components/photo-picker';

const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;
beforeEach(() => {
  // jsdom has no object URLs; the preview only needs one to exist.
  URL.createObjectURL = () => 'blob:photo-preview';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function file(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** The picker as a form holds it: the value is what the form would send. */
function renderPicker(error: string | null = null) {
  const onChange = vi.fn<(file: File | null) => void>();
  function Form() {
    const [value, setValue] = useState<File | null>(null);
    return (
      <PhotoPicker
        label="Photo"
        value={value}
        error={error}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Form />);
  // A person can pick "All files" in the browser's dialog, so `accept` is no protection.
  const user = userEvent.setup({ applyAccept: false });
  return { user, onChange, input: screen.getByLabelText('Photo') };
}

/** Every file the picker handed to the form. */
function passedOn(onChange: ReturnType<typeof renderPicker>['onChange']): (File | null)[] {
  return onChange.mock.calls.map(([chosen]) => chosen);
}

describe('PhotoPicker', () => {
  it('refuses a PNG of 5,000,001 bytes and passes nothing on', async () => {
    const { user, onChange, input } = renderPicker();
    await user.upload(input, file('big.png', 'image/png', 5_000_001));

    expect(
      screen.getByText('File size is greater than 5mb. Please choose another file.'),
    ).toBeInTheDocument();
    expect(passedOn(onChange)).toEqual([null]);
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Chosen photo' })).not.toBeInTheDocument();
  });

  it('refuses a GIF and passes nothing on', async () => {
    const { user, onChange, input } = renderPicker();
    await user.upload(input, file('moving.gif', 'image/gif', 64));

    expect(
      screen.getByText('File extension is not allowed. Please choose either JPEG or PNG.'),
    ).toBeInTheDocument();
    expect(passedOn(onChange)).toEqual([null]);
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });

  it('passes on a JPEG of exactly 5,000,000 bytes, shows it, and removes it again', async () => {
    const { user, onChange, input } = renderPicker();
    const photo = file('face.jpg', 'image/jpeg', 5_000_000);
    await user.upload(input, photo);

    expect(passedOn(onChange)).toEqual([photo]);
    expect(screen.getByText('face.jpg')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Chosen photo' })).toHaveAttribute(
      'src',
      'blob:photo-preview',
    );

    await user.click(screen.getByRole('button', { name: 'Remove face.jpg' }));
    expect(passedOn(onChange)).toEqual([photo, null]);
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });

  it('drops an earlier good choice when the next one is refused', async () => {
    const { user, onChange, input } = renderPicker();
    const photo = file('face.png', 'image/png', 64);
    await user.upload(input, photo);
    await user.upload(input, file('moving.gif', 'image/gif', 64));

    expect(passedOn(onChange)).toEqual([photo, null]);
    expect(screen.queryByText('face.png')).not.toBeInTheDocument();
    expect(
      screen.getByText('File extension is not allowed. Please choose either JPEG or PNG.'),
    ).toBeInTheDocument();
  });

  it('shows a refusal made elsewhere, e.g. by the server, under the field', () => {
    renderPicker('The server refused this photo.');
    expect(screen.getByText('The server refused this photo.')).toBeInTheDocument();
  });
});
