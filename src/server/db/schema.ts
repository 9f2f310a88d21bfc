// Every entity of the product (spec §3), created up front so later features add behaviour, not schema.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  type AnyPgColumn,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    /** scrypt hash for local accounts; null for accounts that sign in through OpenID Connect. */
    passwordHash: text('password_hash'),
    /** `issuer|sub` of an OpenID Connect account. */
    oidcSubject: text('oidc_subject'),
    /** How the account came to be: 'first', 'invitation', 'domain' or 'open'; null for older accounts. */
    joinedVia: text('joined_via'),
    /** The member whose invitation created this account. */
    invitedBy: uuid('invited_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** 'admin' (manages members and the Trash) or 'member'. The firm's first account is an admin. */
    role: text('role').notNull().default('member'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_oidc_subject_key').on(t.oidcSubject)],
);

/** One-time invitations to create an account; only a SHA-256 of the link's token is stored. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('invitations_token_hash_key').on(t.tokenHash), index('invitations_email_idx').on(t.email)],
);

/**
 * Failed password sign-ins per email address (known or not, so the answer tells nothing about
 * accounts): after a few failures each further attempt waits a delay that doubles, up to a cap. Kept
 * in the database so every server instance sees the same count.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: at('last_failure_at').notNull().defaultNow(),
  /** No password is checked for this address before then. */
  lockedUntil: at('locked_until'),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const cases = pgTable(
  'cases',
  {
    id: id(),
    caseNumber: text('case_number').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: at('created_at').notNull().defaultNow(),
    filingDate: at('filing_date').notNull().defaultNow(),
    plaintiff: text('plaintiff').notNull().default('To be determined'),
    defendant: text('defendant').notNull().default('To be determined'),
    storagePath: text('storage_path').notNull(),
    autoAdvance: boolean('auto_advance').notNull().default(true),
    /** 'on': the link job finds the authorities the case's briefs cite and links them (DESIGN §8); 'off' (default): not looked for. */
    authorities: text('authorities').notNull().default('off'),
    /** Where a Table of Authorities row links: 'first-citation' (the page of the brief citing it first) or 'authority' (its address or Book of Authorities tab). */
    toaTarget: text('toa_target').notNull().default('first-citation'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Set when the case was moved to the Trash: hidden everywhere, restorable by an admin for a while. */
    deletedAt: at('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The court profile the case files under (engine/court-rules/profiles); null: none (the custom profile). */
    courtProfile: text('court_profile'),
  },
  (t) => [
    uniqueIndex('cases_case_number_key').on(t.caseNumber),
    index('cases_created_at_idx').on(t.createdAt),
    index('cases_deleted_at_idx').on(t.deletedAt),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    alias: text('alias'),
    /** 'brief' (default) or 'record' (a trial record other documents of its case may point into). */
    kind: text('kind').notNull().default('brief'),
    /** The trial record of the same case this brief's index items point into; null = its own pages. */
    recordDocumentId: uuid('record_document_id').references((): AnyPgColumn => documents.id, { onDelete: 'set null' }),
    /** A record's short name as briefs cite it (`AB`, `ER`, `J.A.`, `Tr.`, `Smith Affidavit`); null: read from its cover. */
    citeAs: text('cite_as'),
    /** A record's volume (1..999) in a multi-volume record; null otherwise. */
    volume: integer('volume'),
    originalName: text('original_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    pageCount: integer('page_count'),
    uploadedAt: at('uploaded_at').notNull().defaultNow(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    sha256: text('sha256'),
    /** Key under the storage root, built from ids only. */
    storageKey: text('storage_key'),
    status: text('status').notNull().default('uploaded'),
    failureReason: text('failure_reason'),
    ocrStatus: text('ocr_status').notNull().default('pending'),
    ocrDone: integer('ocr_done').notNull().default(0),
    ocrTotal: integer('ocr_total').notNull().default(0),
    ocrAvgMsPerPage: integer('ocr_avg_ms_per_page'),
    ocrEtaMs: integer('ocr_eta_ms'),
    ocrConfidence: numeric('ocr_confidence'),
    parseProgress: integer('parse_progress').notNull().default(0),
    aiProcessingStatus: text('ai_processing_status').notNull().default('none'),
    selectedForHyperlinking: boolean('selected_for_hyperlinking').notNull().default(false),
    lawyerReviewed: boolean('lawyer_reviewed').notNull().default(false),
    reviewStatus: text('review_status'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    /** Why the reviewer rejected the document. */
    reviewReason: text('review_reason'),
    /** SHA-256 of the reviewed PDF that was approved; approval is of that exact file. */
    approvedSha256: text('approved_sha256'),
    /** Set when a later change withdrew an approval; cleared by the next approval. */
    approvalWithdrawnAt: at('approval_withdrawn_at'),
    approvalWithdrawnReason: text('approval_withdrawn_reason'),
    /** Storage key of the reviewed PDF (written from the reviewed link set), its hash and read-back check. */
    reviewedKey: text('reviewed_key'),
    reviewedSha256: text('reviewed_sha256'),
    reviewedValidation: jsonb('reviewed_validation').$type<{
      expected_tabs: number;
      found_tabs: number;
      links_created: number;
      broken_links: number;
      success: boolean;
      /** Active content found in the reviewed PDF (it then fails). */
      activeContent?: string[];
    }>(),
    /** The fixes the case's court profile made to the reviewed PDF when it was written: { profile, fixes by rule }. */
    courtFixes: jsonb('court_fixes').$type<{ profile: string; fixes: Record<string, string[]> }>(),
    regeneratedAt: at('regenerated_at'),
    /** False once the links changed after the reviewed PDF was written. */
    reviewedCurrent: boolean('reviewed_current').notNull().default(false),
    courtSubmitted: boolean('court_submitted').notNull().default(false),
    courtSubmittedAt: at('court_submitted_at'),
    indexStatus: text('index_status').notNull().default('none'),
    indexCount: integer('index_count').notNull().default(0),
    /** Index pages set by hand (free text such as `2,3,4` or `2-5`); null = detected. */
    indexPages: text('index_pages'),
    hasLinks: boolean('has_links').notNull().default(false),
    indexDetectedAt: at('index_detected_at'),
    /** Storage key of the linked output PDF, when built. */
    outputKey: text('output_key'),
    /** Run number of the text/OCR/index job; a job whose run is not the current one does nothing. */
    processRun: integer('process_run').notNull().default(0),
    /** Last sign of life of the running text/OCR/index job; a stale one is queued again. */
    processHeartbeatAt: at('process_heartbeat_at'),
    /** The worker process (`host:pid`) that took the current text/OCR/index run: running it, or ran it. */
    processWorker: text('process_worker'),
    /** Run number and last sign of life of the link-building job. */
    linkRun: integer('link_run').notNull().default(0),
    linkHeartbeatAt: at('link_heartbeat_at'),
    /** The worker process (`host:pid`) that took the current link-building run. */
    linkWorker: text('link_worker'),
    /** Why link building failed, in words the user can read. */
    linkFailureReason: text('link_failure_reason'),
    /**
     * The text layer of a scanned document: pages whose text is fully read, of the page count. Links
     * are built from a quick reading of dense scanned pages (their top and footer bands); their full
     * reading goes on in the background ('document-text-layer' job). 0 of 0 before the first read.
     */
    textLayerDone: integer('text_layer_done').notNull().default(0),
    textLayerTotal: integer('text_layer_total').notNull().default(0),
    /** Run number and last sign of life of the background reading. */
    textLayerRun: integer('text_layer_run').notNull().default(0),
    textLayerHeartbeatAt: at('text_layer_heartbeat_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('documents_case_idx').on(t.caseId), index('documents_uploaded_at_idx').on(t.uploadedAt)],
);

export const indexItems = pgTable(
  'index_items',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    label: text('label').notNull(),
    type: text('type').notNull(),
    text: text('text').notNull(),
    page: integer('page').notNull(),
    bbox: jsonb('bbox').$type<[number, number, number, number]>(),
    pageRef: text('page_ref'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('index_items_document_ordinal_key').on(t.documentId, t.ordinal)],
);

export const links = pgTable(
  'links',
  {
    id: id(),
    srcDocId: uuid('src_doc_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    indexItemId: uuid('index_item_id').references(() => indexItems.id, { onDelete: 'cascade' }),
    srcPage: integer('src_page').notNull(),
    /** 'source' or 'record'. */
    target: text('target').notNull().default('source'),
    targetDocId: uuid('target_doc_id').references(() => documents.id, { onDelete: 'set null' }),
    targetPage: integer('target_page'),
    /** The page the engine found (kept beside the reviewer's changes). */
    engineTargetPage: integer('engine_target_page'),
    masterPage: integer('master_page'),
    bbox: jsonb('bbox').$type<[number, number, number, number]>(),
    status: text('status').notNull().default('auto'),
    why: text('why'),
    /** Numeric string 0..1. */
    confidence: numeric('confidence').notNull().default('0'),
    /** Enhanced review (Hyperlinks overview): the paragraph of the target page, a highlight, the reviewer's notes. */
    targetParagraph: integer('target_paragraph'),
    highlighted: boolean('highlighted').notNull().default(false),
    notes: text('notes'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('links_src_doc_idx').on(t.srcDocId)],
);

/**
 * The record documents a brief points into, in the order they follow it in the merged master (DESIGN §8).
 * `documents.record_document_id` is kept as the first of them (the one-record calls).
 */
export const briefRecords = pgTable(
  'brief_records',
  {
    briefId: uuid('brief_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('brief_records_brief_record_key').on(t.briefId, t.recordId), index('brief_records_record_idx').on(t.recordId)],
);

/**
 * A reference the brief's body makes to its records (or to a brief), as the engine found and resolved it,
 * with the reviewer's decision: status 'auto', 'confirmed' or 'removed'; an override sets the record and page.
 */
export const briefReferences = pgTable(
  'brief_references',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The engine's number of the reference, in reading order over the brief. */
    ordinal: integer('ordinal').notNull(),
    /** 'record', 'brief' or 'authority'. */
    kind: text('kind').notNull(),
    /** 1-based page of the brief where it starts. */
    page: integer('page').notNull(),
    text: text('text').notNull(),
    /** The document as the brief writes it, and what it cites as printed. */
    doc: text('doc').notNull(),
    target: text('target').notNull(),
    /** The parts as read (volume, tab, page, paragraph, line, exhibit …). */
    parts: jsonb('parts').$type<Record<string, string>>().notNull(),
    /** One box per line it covers: [{ page, bbox }]. */
    spans: jsonb('spans').$type<Array<{ page: number; bbox: [number, number, number, number] }>>().notNull(),
    /** The record document it goes into; null: unresolved or within the brief. */
    recordDocId: uuid('record_doc_id').references(() => documents.id, { onDelete: 'set null' }),
    /** The page within that record document (within the brief for an internal one); null: unresolved. */
    targetPage: integer('target_page'),
    /** What the engine found (kept beside the reviewer's change). */
    engineRecordDocId: uuid('engine_record_doc_id'),
    engineTargetPage: integer('engine_target_page'),
    status: text('status').notNull().default('auto'),
    why: text('why'),
    confidence: numeric('confidence').notNull().default('0'),
    shortForm: text('short_form'),
    footnote: boolean('footnote').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('brief_references_document_idx').on(t.documentId, t.ordinal)],
);

/**
 * An authority the brief cites (a case, statute or rule, DESIGN §8, docs/adr/0008), as the engine found it, with
 * where its link goes: a page of a Book of Authorities of the case (recordDocId, targetPage), else a web address
 * (url); neither: listed, not linked. A Table of Authorities row is one too (toaRow). The reviewer's decision:
 * status 'auto', 'confirmed' or 'removed'; a change of target sets url or the Book of Authorities page.
 */
export const briefAuthorities = pgTable(
  'brief_authorities',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The engine's number, in reading order over the brief (Table of Authorities rows after the citations). */
    ordinal: integer('ordinal').notNull(),
    /** 1-based page of the brief where it starts. */
    page: integer('page').notNull(),
    /** As printed. */
    text: text('text').notNull(),
    /** 'case', 'statute' or 'rule'. */
    kind: text('kind').notNull(),
    family: text('family').notNull(),
    parts: jsonb('parts').$type<Record<string, string>>().notNull(),
    spans: jsonb('spans').$type<Array<{ page: number; bbox: [number, number, number, number] }>>().notNull(),
    /** The web address the link opens; null: none. */
    url: text('url'),
    /** The Book of Authorities (a record document of the brief) and the page within it; null: not linked there. */
    recordDocId: uuid('record_doc_id').references(() => documents.id, { onDelete: 'set null' }),
    targetPage: integer('target_page'),
    /** A page of the brief itself (a Table of Authorities row to the first page citing it). */
    briefPage: integer('brief_page'),
    tab: text('tab'),
    /** What the engine gave (kept beside the reviewer's change). */
    engineUrl: text('engine_url'),
    engineRecordDocId: uuid('engine_record_doc_id'),
    engineTargetPage: integer('engine_target_page'),
    engineBriefPage: integer('engine_brief_page'),
    status: text('status').notNull().default('auto'),
    why: text('why'),
    shortForm: text('short_form'),
    /** The ordinal of the full citation a short form continues. */
    antecedent: integer('antecedent'),
    footnote: boolean('footnote').notNull().default(false),
    /** A row of the brief's Table of Authorities, not a citation in its body. */
    toaRow: boolean('toa_row').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('brief_authorities_document_idx').on(t.documentId, t.ordinal)],
);

/** One document filed with a court: the approved PDF and its hyperlink report, kept by id. */
export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedByEmail: text('submitted_by_email'),
    approvedBy: text('approved_by'),
    court: text('court'),
    courtInfo: jsonb('court_info').notNull().default({}),
    sha256: text('sha256').notNull(),
    pageCount: integer('page_count').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    validation: jsonb('validation').notNull(),
    /** The preflight report of the filed file against the case's court profile. */
    preflight: jsonb('preflight'),
    /** The reviewer's reason for filing a file whose preflight failed; null when it passed. */
    preflightOverride: text('preflight_override'),
    submittedAt: at('submitted_at').notNull().defaultNow(),
  },
  (t) => [index('submissions_case_idx').on(t.caseId, t.submittedAt), index('submissions_document_idx').on(t.documentId)],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's email at the time, kept when the user row goes. */
    actor: text('actor'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('audit_events_entity_idx').on(t.entity, t.entityId), index('audit_events_at_idx').on(t.at)],
);

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_conversations_document_idx').on(t.documentId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

export const documentMemory = pgTable(
  'document_memory',
  {
    id: id(),
    documentName: text('document_name').notNull(),
    fileNumber: text('file_number').notNull().default(''),
    alias: text('alias').notNull().default(''),
    usageCount: integer('usage_count').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_memory_entry_key').on(t.documentName, t.fileNumber, t.alias)],
);
