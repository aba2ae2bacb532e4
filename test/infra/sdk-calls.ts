/**
 * The AWS calls a function's code can make, read from its bundle: the function is bundled as it is
 * deployed (lambdaEsbuildOptions: the same entry, aliases and tree shaking) but unminified and with the
 * AWS SDK left external, so the SDK names the code still uses after tree shaking stay readable as
 * `import { … } from "@aws-sdk/…"` lines. esbuild keeps an external import's bindings even when the code
 * using them was shaken out, so a binding counts only where the bundle refers to it beyond its import.
 * Each name is then mapped to the IAM actions AWS authorizes it with (SDK_ACTIONS).
 *
 * What this over-approximates: code reachable from the entry but never run in practice (a route group's
 * every route, a helper's branch) counts, as would a name merely written in a string. What it cannot
 * see: a call made without an SDK name (none here: SDK_ACTIONS maps the one hand-built request, the
 * signed GET URL).
 */
import { buildSync } from 'esbuild';
import { lambdaEsbuildOptions, REPO_ROOT, repoEntry } from '../../infra/constructs/app-function';
import { FUNCTION_ACCESS, type FunctionName } from '../../infra/constructs/function-access';

/** A use of an SDK export: its package and exported name, e.g. `@aws-sdk/lib-dynamodb` `UpdateCommand`. */
export interface SdkUse {
  pkg: string;
  name: string;
}

/** A DynamoDB transaction's part kinds and the single-item action IAM checks each with. */
const TRANSACTION_PART_ACTIONS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

/**
 * A DynamoDB transaction part as the code writes one: `Update: { TableName: …` or `{ Put: put }` (the
 * part's body built apart). The part kinds a bundle writes are the actions its TransactWriteCommand needs
 * (IAM authorizes TransactWriteItems per part, with that part's single-item action); an inline body must
 * start with `TableName`, which keeps S3's `Delete: { Objects` out.
 */
const TRANSACTION_PART =
  /\b(Put|Update|Delete|ConditionCheck):\s*(?:\{\s*TableName\b|[A-Za-z_$][\w$]*\s*[,}])/g;

/** Read a missing object: with s3:ListBucket S3 answers 404 (NoSuchKey), without it 403, which the code would take for a refusal. */
const S3_READ = ['s3:GetObject', 's3:ListBucket'];

/**
 * Each SDK name the functions use, by package, and the IAM actions AWS checks for it. A command
 * missing here fails the grant test until it is mapped. Names that are not commands (clients,
 * exceptions, helpers) are not listed and need nothing, except the few below that sign or send.
 */
export const SDK_ACTIONS: Record<string, Record<string, readonly string[] | 'transaction'>> = {
  '@aws-sdk/lib-dynamodb': {
    GetCommand: ['dynamodb:GetItem'],
    PutCommand: ['dynamodb:PutItem'],
    UpdateCommand: ['dynamodb:UpdateItem'],
    DeleteCommand: ['dynamodb:DeleteItem'],
    QueryCommand: ['dynamodb:Query'],
    BatchGetCommand: ['dynamodb:BatchGetItem'],
    BatchWriteCommand: ['dynamodb:BatchWriteItem'],
    TransactWriteCommand: 'transaction',
  },
  '@aws-sdk/client-s3': {
    GetObjectCommand: S3_READ,
    HeadObjectCommand: S3_READ,
    // A copy reads its source and writes its target.
    CopyObjectCommand: ['s3:GetObject', 's3:PutObject'],
    PutObjectCommand: ['s3:PutObject'],
    // Multipart uploads are authorized as s3:PutObject, apart from aborting and listing parts.
    CreateMultipartUploadCommand: ['s3:PutObject'],
    UploadPartCommand: ['s3:PutObject'],
    CompleteMultipartUploadCommand: ['s3:PutObject'],
    AbortMultipartUploadCommand: ['s3:AbortMultipartUpload'],
    ListPartsCommand: ['s3:ListMultipartUploadParts'],
    DeleteObjectCommand: ['s3:DeleteObject'],
    // S3 checks s3:DeleteObject for each key of a multi-object delete.
    DeleteObjectsCommand: ['s3:DeleteObject'],
    ListObjectsV2Command: ['s3:ListBucket'],
  },
  '@aws-sdk/lib-storage': {
    // A streamed upload: PutObject, or a multipart upload's create, parts and completion, all authorized
    // as s3:PutObject (functions/lib/s3.ts leaves a failed upload's parts to the lifecycle, never aborts).
    Upload: ['s3:PutObject'],
  },
  '@aws-sdk/s3-request-presigner': {
    // Signs the GET request functions/lib/s3.ts builds for a signed GET URL (no command object).
    S3RequestPresigner: S3_READ,
    // Signs a command, which is counted by its own name.
    getSignedUrl: [],
  },
  '@aws-sdk/client-sqs': {
    SendMessageCommand: ['sqs:SendMessage'],
    SendMessageBatchCommand: ['sqs:SendMessage'],
  },
  '@aws-sdk/client-sesv2': { SendEmailCommand: ['ses:SendEmail'] },
  '@aws-sdk/client-secrets-manager': { GetSecretValueCommand: ['secretsmanager:GetSecretValue'] },
  '@aws-sdk/client-cognito-identity-provider': {
    AdminGetUserCommand: ['cognito-idp:AdminGetUser'],
    AdminInitiateAuthCommand: ['cognito-idp:AdminInitiateAuth'],
    AdminSetUserPasswordCommand: ['cognito-idp:AdminSetUserPassword'],
    AdminCreateUserCommand: ['cognito-idp:AdminCreateUser'],
    AdminDeleteUserCommand: ['cognito-idp:AdminDeleteUser'],
    AdminDisableUserCommand: ['cognito-idp:AdminDisableUser'],
    AdminUserGlobalSignOutCommand: ['cognito-idp:AdminUserGlobalSignOut'],
    AdminUpdateUserAttributesCommand: ['cognito-idp:AdminUpdateUserAttributes'],
    // Called with the app client's id, unsigned: Cognito authorizes them without IAM.
    SignUpCommand: [],
    ConfirmSignUpCommand: [],
    ForgotPasswordCommand: [],
    ConfirmForgotPasswordCommand: [],
    ResendConfirmationCodeCommand: [],
  },
};

/** `import { A, B as C } from "@aws-sdk/x"` as esbuild writes it (unminified), and `import("@aws-sdk/x")`. */
const STATIC_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"(@aws-sdk\/[^"]+)"/g;
const DYNAMIC_IMPORT = /import\("(@aws-sdk\/[^"]+)"\)/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const occurrences = (text: string, word: string) =>
  text.match(new RegExp(`(?<![\\w$.])${escapeRegExp(word)}(?![\\w$])`, 'g'))?.length ?? 0;

/** The SDK names one output file uses: static imports referred to beyond the import, and dynamic ones' members. */
export function sdkUsesIn(text: string): SdkUse[] {
  const uses: SdkUse[] = [];
  // The code without its SDK imports: a name counts where the code refers to it.
  const rest = text.replace(STATIC_IMPORT, '');
  for (const [, list = '', pkg = ''] of text.matchAll(STATIC_IMPORT)) {
    for (const binding of list
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean)) {
      const [name = '', local = name] = binding.split(/\s+as\s+/);
      if (occurrences(rest, local) > 0) uses.push({ pkg, name });
    }
  }
  // `const sdk = await import("@aws-sdk/x"); new sdk.XCommand(…)`: the package's names read as members.
  for (const [, pkg = ''] of text.matchAll(DYNAMIC_IMPORT)) {
    for (const [, name = ''] of text.matchAll(/\.([A-Z]\w*Command)\b/g)) uses.push({ pkg, name });
  }
  return uses;
}

/** The function's bundle as deployed, minus minifying, with the SDK external: its output files' text. */
export function bundleTexts(name: FunctionName): string[] {
  const nodeModules = FUNCTION_ACCESS[name].nodeModules ?? [];
  const result = buildSync({
    ...lambdaEsbuildOptions(nodeModules),
    minify: false,
    sourcemap: false,
    external: [...nodeModules, '@aws-sdk/*'],
    entryPoints: [{ in: repoEntry(name), out: 'index' }],
    outdir: 'grant-analysis',
    write: false,
    absWorkingDir: REPO_ROOT,
    logLevel: 'error',
  });
  return result.outputFiles.filter((file) => file.path.endsWith('.mjs')).map((file) => file.text);
}

export interface CodeActions {
  actions: Set<string>;
  /** SDK commands the map does not know: the test fails naming them. */
  unmapped: string[];
}

/** The IAM actions the calls of a function's bundle need. */
export function actionsOfBundle(texts: readonly string[]): CodeActions {
  const actions = new Set<string>();
  const unmapped = new Set<string>();
  const uses = texts.flatMap(sdkUsesIn);
  for (const { pkg, name } of uses) {
    const mapped = SDK_ACTIONS[pkg]?.[name];
    if (mapped === 'transaction') {
      for (const text of texts)
        for (const [, kind = ''] of text.matchAll(TRANSACTION_PART))
          actions.add(TRANSACTION_PART_ACTIONS[kind]!);
    } else if (mapped) mapped.forEach((action) => actions.add(action));
    else if (name.endsWith('Command')) unmapped.add(`${pkg} ${name}`);
  }
  return { actions, unmapped: [...unmapped].sort() };
}
