import type { TableRow as DocxTableRow } from 'docx';
import { appConfig } from '../../config';
import type { Incident } from '@contract/incidents';
import { formatTimestamp } from '../../lib/dates';
import type { ImageSize } from './image-size';
import { documentGps, isVideo, reporterOf } from './incident-text';

/** A photo of the incident with its bytes, ready to be placed in the document. */
export interface DocumentPhoto {
  name: string;
  bytes: Uint8Array;
  size: ImageSize;
}

/** Spec part 2 §9: photos are laid out up to 4 per row. */
export const PHOTOS_PER_ROW = 4;
/** A4 with 2.54 cm margins leaves 9,026 twips (1/1440 inch) of text width. */
const TEXT_WIDTH_TWIPS = 9026;
const LABEL_WIDTH_TWIPS = 2400;
const PHOTO_CELL_TWIPS = Math.floor(TEXT_WIDTH_TWIPS / PHOTOS_PER_ROW);
/** The largest a photo may be drawn in its cell, in pixels at 96 dpi (a cell is about 150 px wide). */
const PHOTO_MAX_PX = 140;

/** Scales a photo to fit a PHOTO_MAX_PX square, keeping its proportions. */
function fitted({ width, height }: ImageSize): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_MAX_PX / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Text with line breaks kept: Word needs a break element for each one. */
function linesOf(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * The incident report as a .docx: the incident's details in a table, its description and remarks,
 * and its photos up to four per row (videos are listed by name, since a document cannot play
 * them). docx loads here, on the first export, not with the screen.
 */
export async function incidentDocument(
  incident: Incident,
  photos: readonly DocumentPhoto[],
): Promise<Blob> {
  const {
    AlignmentType,
    BorderStyle,
    Document,
    HeadingLevel,
    ImageRun,
    Packer,
    Paragraph,
    Table,
    TableCell,
    TableLayoutType,
    TableRow,
    TextRun,
    WidthType,
  } = await import('docx');

  const paragraphOf = (text: string, bold = false) =>
    new Paragraph({
      children: linesOf(text).map(
        (line, index) => new TextRun({ text: line, bold, break: index > 0 ? 1 : 0 }),
      ),
    });

  const details: Array<[string, string]> = [
    ['Incident ID', incident.kg_incident_id],
    ['Category', incident.category_name],
    ['Status', incident.status],
    ['Site', incident.residence_name],
    ['Security Company', incident.kg_security_company?.name ?? '-'],
    ['Reporter', reporterOf(incident) || '-'],
    ['Incident Date', formatTimestamp(incident.incident_date)],
    ['Created at', formatTimestamp(incident.created_at)],
    ['GPS', documentGps(incident)],
    ['Description', incident.description],
    ['Remarks', incident.actions_taken || '-'],
  ];
  const detailRows = details.map(
    ([label, value]) =>
      new TableRow({
        cantSplit: true,
        children: [
          new TableCell({
            width: { size: LABEL_WIDTH_TWIPS, type: WidthType.DXA },
            children: [paragraphOf(label, true)],
          }),
          new TableCell({
            width: { size: TEXT_WIDTH_TWIPS - LABEL_WIDTH_TWIPS, type: WidthType.DXA },
            children: [paragraphOf(value)],
          }),
        ],
      }),
  );

  const noBorder = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const noBorders = {
    top: noBorder,
    bottom: noBorder,
    left: noBorder,
    right: noBorder,
    insideHorizontal: noBorder,
    insideVertical: noBorder,
  };
  const photoCell = (photo: DocumentPhoto | undefined) =>
    new TableCell({
      width: { size: PHOTO_CELL_TWIPS, type: WidthType.DXA },
      borders: { top: noBorder, bottom: noBorder, left: noBorder, right: noBorder },
      children: photo
        ? [
            new Paragraph({
              alignment: AlignmentType.CENTER,
              children: [
                new ImageRun({
                  type: photo.size.type,
                  data: photo.bytes,
                  transformation: fitted(photo.size),
                  altText: { name: photo.name, description: photo.name, title: photo.name },
                }),
              ],
            }),
            new Paragraph({
              alignment: AlignmentType.CENTER,
              children: [new TextRun({ text: photo.name, size: 16 })],
            }),
          ]
        : [new Paragraph({})],
    });
  const photoRows: DocxTableRow[] = [];
  for (let start = 0; start < photos.length; start += PHOTOS_PER_ROW) {
    const row = Array.from({ length: PHOTOS_PER_ROW }, (_, i) => photos[start + i]);
    photoRows.push(new TableRow({ cantSplit: true, children: row.map(photoCell) }));
  }

  const videos = incident.files.filter((file) => isVideo(file.mime_type));
  const photoSection = [
    new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Photos')] }),
    photoRows.length > 0
      ? new Table({
          layout: TableLayoutType.FIXED,
          width: { size: TEXT_WIDTH_TWIPS, type: WidthType.DXA },
          columnWidths: Array.from({ length: PHOTOS_PER_ROW }, () => PHOTO_CELL_TWIPS),
          borders: noBorders,
          rows: photoRows,
        })
      : paragraphOf('No photos.'),
    ...(videos.length > 0
      ? [paragraphOf(`Videos (not shown here): ${videos.map((file) => file.filename).join(', ')}`)]
      : []),
  ];

  const document = new Document({
    creator: appConfig.brandLabel,
    title: `Incident ${incident.kg_incident_id}`,
    description: `${incident.category_name} at ${incident.residence_name}`,
    sections: [
      {
        children: [
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            children: [new TextRun(`Incident Report ${incident.kg_incident_id}`)],
          }),
          new Table({
            layout: TableLayoutType.FIXED,
            width: { size: TEXT_WIDTH_TWIPS, type: WidthType.DXA },
            columnWidths: [LABEL_WIDTH_TWIPS, TEXT_WIDTH_TWIPS - LABEL_WIDTH_TWIPS],
            rows: detailRows,
          }),
          ...photoSection,
        ],
      },
    ],
  });
  return Packer.toBlob(document);
}
