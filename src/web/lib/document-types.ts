/** The document shapes the screens read, from the API contract (spec §3). */
export type {
  DocumentMemoryEntry,
  DocumentRecord,
  DuplicatesResponse,
  IndexStatus,
  LinkRecord,
  OcrProgress,
  StartHyperlinkingResponse,
  StreamMessage,
} from '../../contract/documents.ts';
