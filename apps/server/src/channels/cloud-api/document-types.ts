const OOXML = 'application/vnd.openxmlformats-officedocument.';

/**
 * The documents the Cloud API sends (Meta's list): plain text, PDF, and Word, Excel and PowerPoint,
 * old and new. A zip or an OpenDocument file it refuses, though a linked device passes them on.
 */
const GRAPH_DOCUMENT_TYPES = new Map([
  ['txt', 'text/plain'],
  ['csv', 'text/plain'],
  ['pdf', 'application/pdf'],
  ['doc', 'application/msword'],
  ['docx', `${OOXML}wordprocessingml.document`],
  ['xls', 'application/vnd.ms-excel'],
  ['xlsx', `${OOXML}spreadsheetml.sheet`],
  ['ppt', 'application/vnd.ms-powerpoint'],
  ['pptx', `${OOXML}presentationml.presentation`],
]);
const ACCEPTED = new Set(GRAPH_DOCUMENT_TYPES.values());

/**
 * The type a document is uploaded to Graph as, or null when the Cloud API does not send it. Our store
 * keeps old Office files as `application/octet-stream` (their bytes only say "OLE container"), so
 * their name tells which they are.
 */
export function graphDocumentType(mimeType: string, fileName: string | null): string | null {
  const bare = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (ACCEPTED.has(bare)) return bare;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase() ?? '';
  const byName = GRAPH_DOCUMENT_TYPES.get(extension);
  // Only a container whose real type is unknown takes its name's word; a zip named .pdf stays a zip.
  return byName && bare === 'application/octet-stream' ? byName : null;
}

export const DOCUMENT_REFUSED_CODE = 'unsupported_document';

export function documentRefusedExplanation(fileName: string | null): string {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  return `A API oficial do WhatsApp envia só documentos PDF, Word, Excel, PowerPoint e texto${
    extension ? `; arquivos .${extension} não podem ser enviados por este número` : ''
  }.`;
}
