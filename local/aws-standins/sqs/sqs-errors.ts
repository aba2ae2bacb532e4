/**
 * SQS's errors as its JSON protocol (AWS JSON 1.0, "query compatible") sends them: an HTTP status, the
 * error's shape id in `__type`, and the old query-protocol code in the `x-amzn-query-error` header,
 * which the SDKs report as the error's code. The access-denied answer's status, header, type and
 * wording were measured against SQS and published (an AccessDenied over JSON: 403,
 * `AccessDenied;Sender`, `com.amazon.coral.service#AccessDeniedException`, the action in lower case);
 * the others follow the SDK's error model (its query codes and statuses) and SQS's documented messages.
 * The signature errors' statuses follow SQS's query protocol (403); they are not measured here.
 */

export class SqsError extends Error {
  constructor(
    readonly status: number,
    /** The `__type`, e.g. `com.amazonaws.sqs#QueueDoesNotExist`. */
    readonly type: string,
    /** The query-protocol code, e.g. `AWS.SimpleQueueService.NonExistentQueue`. */
    readonly queryCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'SqsError';
  }

  /** The `x-amzn-query-error` header: code and fault side. */
  get queryErrorHeader(): string {
    return `${this.queryCode};${this.status >= 500 ? 'Receiver' : 'Sender'}`;
  }

  /** The JSON body; SQS's authorization layer writes `Message`, its own errors `message`. */
  body(): Record<string, string> {
    const key = this.type.endsWith('#AccessDeniedException') ? 'Message' : 'message';
    return { __type: this.type, [key]: this.message };
  }
}

const SQS = 'com.amazonaws.sqs#';
const CORAL = 'com.amazon.coral.service#';

export const sqsErrors = {
  queueDoesNotExist: () =>
    new SqsError(
      400,
      `${SQS}QueueDoesNotExist`,
      'AWS.SimpleQueueService.NonExistentQueue',
      'The specified queue does not exist.',
    ),
  receiptHandleIsInvalid: (handle: string) =>
    new SqsError(
      404,
      `${SQS}ReceiptHandleIsInvalid`,
      'ReceiptHandleIsInvalid',
      `The input receipt handle "${handle}" is not a valid receipt handle.`,
    ),
  invalidParameterValue: (message: string) =>
    new SqsError(400, `${CORAL}InvalidParameterValueException`, 'InvalidParameterValue', message),
  missingParameter: (name: string) =>
    new SqsError(
      400,
      `${CORAL}MissingRequiredParameterException`,
      'MissingParameter',
      `The request must contain the parameter ${name}.`,
    ),
  invalidAttributeName: (name: string) =>
    new SqsError(400, `${SQS}InvalidAttributeName`, 'InvalidAttributeName', `Unknown Attribute ${name}.`),
  invalidMessageContents: () =>
    new SqsError(
      400,
      `${SQS}InvalidMessageContents`,
      'InvalidMessageContents',
      'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF',
    ),
  unsupportedOperation: (operation: string) =>
    new SqsError(
      400,
      `${SQS}UnsupportedOperation`,
      'AWS.SimpleQueueService.UnsupportedOperation',
      `The local SQS stand-in does not implement ${operation}.`,
    ),
  unknownOperation: () =>
    new SqsError(
      400,
      `${CORAL}UnknownOperationException`,
      'InvalidAction',
      'The action or operation requested is invalid. Verify that the action is typed correctly.',
    ),
  serialization: (message: string) =>
    new SqsError(400, `${CORAL}SerializationException`, 'MalformedInput', message),
  accessDenied: (message: string) =>
    new SqsError(403, `${CORAL}AccessDeniedException`, 'AccessDenied', message),
  internal: (message: string) => new SqsError(500, `${CORAL}InternalFailure`, 'InternalError', message),
};

/** The signature failures of sigv4-header.ts as SQS answers them. */
const SIGNATURE_ERRORS: Record<string, { status: number; queryCode: string }> = {
  MissingAuthenticationTokenException: { status: 403, queryCode: 'MissingAuthenticationToken' },
  IncompleteSignatureException: { status: 400, queryCode: 'IncompleteSignature' },
  InvalidSignatureException: { status: 403, queryCode: 'SignatureDoesNotMatch' },
  UnrecognizedClientException: { status: 403, queryCode: 'InvalidClientTokenId' },
};

export function signatureError(code: string, message: string): SqsError {
  const known = SIGNATURE_ERRORS[code] ?? { status: 403, queryCode: code };
  return new SqsError(known.status, `${CORAL}${code}`, known.queryCode, message);
}
