import { useState, type FormEvent } from 'react';
import Search from 'lucide-react/icons/search';
import { Button, Input, InputGroup } from 'reactstrap';

export interface SearchBoxProps {
  onSearch: (text: string) => void;
  placeholder?: string;
  /** The search already applied (e.g. from the list slice), so a remounted box shows it. */
  initialValue?: string;
  /** Shows a Clear button that empties the box and searches for everything again. */
  clearable?: boolean;
}

/** A search form: Enter or the Search button submits the trimmed text. */
export function SearchBox({
  onSearch,
  placeholder = 'Search...',
  initialValue = '',
  clearable = false,
}: SearchBoxProps) {
  const [text, setText] = useState(initialValue);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }

  function clear() {
    setText('');
    onSearch('');
  }

  return (
    <form role="search" onSubmit={submit}>
      <InputGroup>
        <Input
          type="search"
          aria-label="Search"
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {clearable && text !== '' && (
          <Button type="button" color="light" onClick={clear}>
            Clear
          </Button>
        )}
        <Button type="submit" color="primary">
          <Search size={16} />
          Search
        </Button>
      </InputGroup>
    </form>
  );
}
