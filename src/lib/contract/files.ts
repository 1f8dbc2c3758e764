/** The answer of a file upload: the file's uuid, and the only URL that reads it back. */
export interface UploadedFile {
  uuid: string;
  url: string;
}
