/**
 * The error answers the route table declares against the errors the handlers can throw, read from
 * their source (TypeScript's parser, no run): every `badRequest(text)`, `notFound(text)`, ...,
 * `new HttpError(status, text)` and the content API's `contentError(status, text)` in the modules a
 * group's function imports, from its `groupHandler` map down. Each must be declared by a route of the
 * group (a text the request shapes, such as a schema's complaint, by an `anyText` answer of that
 * status), and each answer a route declares of its own must be thrown by a module that route imports.
 *
 * What it cannot see: a text passed through a parameter (the sites that pass it are checked where
 * they call a helper above, but not when they call another function of ours), and which of a module's
 * functions a route runs (a module shared by a group's routes counts for each).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as branding from '../rules/branding';
import * as errors from '../texts/errors';
import * as paymentErrors from '../texts/payment-errors';
import * as publicGalleryErrors from '../texts/public-gallery-errors';
import * as sellerToolsErrors from '../texts/seller-tools-errors';
import * as teamErrors from '../texts/team-errors';
import { SELLER_ROUTE_ANSWERS, answer, anyText, type AnswerText, type ErrorAnswer } from './error-answers';
import { ROUTE_GROUPS, type RouteGroup } from './route-def';
import { routes, type RouteName } from './routes';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FUNCTIONS = path.join(ROOT, 'functions');

/** The error helpers of the HTTP layer and the status each answers with. */
const HELPER_STATUS: Record<string, number> = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  locked: 423,
  tooManyRequests: 429,
  serviceUnavailable: 503,
};
/** Calls that take the status first and the text second. */
const STATUS_FIRST = new Set(['HttpError', 'jsonAnswer', 'contentError']);

/** A place a handler module makes an error answer. */
interface Site {
  file: string;
  status: number;
  /** The shared text (or text function) it answers with; `anyText` when the request shapes it. */
  text: AnswerText;
}

/** Every value exported by the modules that hold the texts, by name: `serverErrors`, `RENDER_FAILED`... */
const TEXT_MODULES: Record<string, unknown> = {
  ...branding,
  ...errors,
  ...paymentErrors,
  ...publicGalleryErrors,
  ...sellerToolsErrors,
  ...teamErrors,
};

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' ? [] : tsFiles(full);
    return entry.endsWith('.ts') && !entry.endsWith('.test.ts') ? [full] : [];
  });
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    parsed.set(file, source);
  }
  return source;
}

const PACKAGE_IMPORTS = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, string> }
).imports;

/** The file an import names, when it is one of functions/ (relative, or through a package.json alias). */
function resolveImport(from: string, specifier: string): string | undefined {
  let target: string | undefined;
  if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  for (const [alias, replacement] of Object.entries(PACKAGE_IMPORTS)) {
    const [head = '', tail = ''] = alias.split('*');
    if (!specifier.startsWith(head) || !specifier.endsWith(tail)) continue;
    const middle = specifier.slice(head.length, specifier.length - tail.length);
    target = path.resolve(ROOT, replacement.replace('*', middle)).replace(/\.ts$/, '');
  }
  if (!target?.startsWith(FUNCTIONS)) return undefined;
  for (const candidate of [target, `${target}.ts`, path.join(target, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** The modules of functions/ a file reaches through its imports, static and dynamic, itself included. */
function reachable(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const imports = ts.preProcessFile(readFileSync(start, 'utf8'), true, true).importedFiles;
  for (const { fileName } of imports) {
    const target = resolveImport(start, fileName);
    if (target) reachable(target, seen);
  }
  return seen;
}

/**
 * What a group's entry module runs for every route (the HTTP layer): its static imports only, since
 * its dynamic ones are the handler map, each route's own.
 */
function staticallyReachable(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  for (const statement of parse(entry).statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const target = resolveImport(entry, (statement.moduleSpecifier as ts.StringLiteral).text);
    if (target) reachable(target, seen);
  }
  return seen;
}

/** The function around `node` that takes `name` as a parameter, and that parameter's position. */
function parameterOf(
  node: ts.Node,
  name: string,
): { fn: ts.SignatureDeclaration; index: number } | undefined {
  for (let at = node.parent; at; at = at.parent) {
    if (!ts.isFunctionLike(at)) continue;
    const index = at.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === name);
    if (index >= 0) return { fn: at, index };
  }
  return undefined;
}

/** A function's name: its own, or the constant's it is assigned to. */
function functionName(fn: ts.SignatureDeclaration): string | undefined {
  if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const holder = fn.parent;
  return ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : undefined;
}

/**
 * The texts a parameter is given by the calls of its function in the same module (one level: a text
 * handed on twice is not followed, and is the caller's to declare).
 */
function textsFromCallers(parameter: { fn: ts.SignatureDeclaration; index: number }): AnswerText[] {
  const name = functionName(parameter.fn);
  const texts: AnswerText[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) {
      const argument = node.arguments[parameter.index];
      const given = argument && !ts.isIdentifier(argument) ? textsOf(argument) : 'from-caller';
      if (given !== 'from-caller') texts.push(...given);
    }
    ts.forEachChild(node, visit);
  };
  if (name) visit(parameter.fn.getSourceFile());
  return texts;
}

/**
 * The texts an expression can be: shared texts it names, literals, the texts its function's callers
 * give a parameter, or `anyText` for anything else.
 */
function textsOf(expression: ts.Expression): AnswerText[] | 'from-caller' {
  if (ts.isParenthesizedExpression(expression)) return textsOf(expression.expression);
  if (ts.isConditionalExpression(expression)) {
    const [a, b] = [textsOf(expression.whenTrue), textsOf(expression.whenFalse)];
    return a === 'from-caller' || b === 'from-caller' ? 'from-caller' : [...a, ...b];
  }
  if (ts.isStringLiteralLike(expression)) return [expression.text];
  const parameter = ts.isIdentifier(expression) ? parameterOf(expression, expression.text) : undefined;
  if (parameter) return textsFromCallers(parameter);
  const local = ts.isIdentifier(expression) ? localConstant(expression) : undefined;
  if (local) return textsOf(local);
  const named = ts.isCallExpression(expression) ? expression.expression : expression;
  const value = sharedValue(named);
  return [typeof value === 'string' || typeof value === 'function' ? (value as AnswerText) : anyText];
}

/** The value of a constant the module declares itself (`const MESSAGE = serverErrors.x`). */
function localConstant(identifier: ts.Identifier): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === identifier.text)
      found = node.initializer;
    else ts.forEachChild(node, visit);
  };
  visit(identifier.getSourceFile());
  return found;
}

/** The shared value `serverErrors.orderNotFound` or `RENDER_FAILED` names, if it names one. */
function sharedValue(expression: ts.Expression): unknown {
  if (ts.isIdentifier(expression)) return TEXT_MODULES[expression.text];
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
    const holder = TEXT_MODULES[expression.expression.text];
    return typeof holder === 'object' && holder !== null
      ? (holder as Record<string, unknown>)[expression.name.text]
      : undefined;
  }
  return undefined;
}

/** The status and text expression of an error-making call, if `node` is one. */
function errorCall(node: ts.Node): { status: number; text: ts.Expression } | undefined {
  if (!ts.isCallExpression(node) && !ts.isNewExpression(node)) return undefined;
  const callee = ts.isIdentifier(node.expression) ? node.expression.text : '';
  const args = node.arguments ?? ts.factory.createNodeArray();
  const helperStatus = HELPER_STATUS[callee];
  if (helperStatus !== undefined && args[0]) return { status: helperStatus, text: args[0] };
  if (STATUS_FIRST.has(callee) && args[0] && args[1] && ts.isNumericLiteral(args[0]))
    return { status: Number(args[0].text), text: args[1] };
  // A Cognito failure that is not the caller's answers 503 with the text the call names.
  if (callee === 'fromCognitoError' && args[1]) return { status: 503, text: args[1] };
  if (callee === 'jsonResult' && args[0] && args[1] && ts.isNumericLiteral(args[0])) {
    const body = args[1];
    if (!ts.isObjectLiteralExpression(body)) return undefined;
    const message = body.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'message',
    );
    return message ? { status: Number(args[0].text), text: message.initializer } : undefined;
  }
  return undefined;
}

/**
 * The error answers a module can make. A 500 is left out: it is the HTTP layer's answer to an error it
 * did not expect, never a route's answer (the fuzz tests fail on any).
 */
const sitesByFile = new Map<string, Site[]>();
function sitesIn(file: string): Site[] {
  const known = sitesByFile.get(file);
  if (known) return known;
  const sites: Site[] = [];
  sitesByFile.set(file, sites);
  const visit = (node: ts.Node) => {
    const call = errorCall(node);
    if (call && call.status !== 500) {
      const texts = textsOf(call.text);
      if (texts !== 'from-caller') for (const text of texts) sites.push({ file, status: call.status, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return sites;
}

/** Each group's handler map, read from its `groupHandler('group', { route: () => import('./x') })` call. */
function groupEntries(): Map<RouteGroup, { index: string; routes: Map<string, string> }> {
  const groups = new Map<RouteGroup, { index: string; routes: Map<string, string> }>();
  for (const file of tsFiles(FUNCTIONS)) {
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'groupHandler' &&
        node.arguments.length === 2
      ) {
        const [group, map] = node.arguments;
        if (group && map && ts.isStringLiteral(group) && ts.isObjectLiteralExpression(map)) {
          const byRoute = new Map<string, string>();
          for (const property of map.properties) {
            const loader = property.getText().match(/import\(\s*['"]([^'"]+)['"]\s*\)/)?.[1];
            const target = loader && resolveImport(file, loader);
            if (property.name && target) byRoute.set(property.name.getText(), target);
          }
          groups.set(group.text as RouteGroup, { index: file, routes: byRoute });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
  }
  return groups;
}

const ENTRIES = groupEntries();

/** The answers every route (or every seller route) declares: the gateway's and the HTTP layer's. */
const COMMON = new Set<ErrorAnswer>(SELLER_ROUTE_ANSWERS);

/** The error answers a route's function can make: its group's entry (the HTTP layer) and its handler module. */
function routeSites(name: RouteName): Site[] {
  const entry = ENTRIES.get(routes[name].group);
  const handler = entry?.routes.get(name);
  if (!entry || !handler) return [];
  const files = new Set([...staticallyReachable(entry.index), ...reachable(handler)]);
  return [...files].flatMap(sitesIn);
}

/**
 * Answers a group's modules can make that its routes never give: the reading above takes a whole
 * module for a route, and these groups import a module for one function of it that does not throw them.
 */
const NOT_THEIRS: Partial<Record<RouteGroup, readonly ErrorAnswer[]>> = {
  // The webhook runs connect/service.ts's onAccountUpdated, not the seller's onboarding calls.
  'stripe-webhook': [
    answer(403, paymentErrors.paymentServerErrors.advancedPlanRequired),
    answer(404, errors.userServerErrors.userNotFound),
  ],
  // Hiding a person reads the gallery's face index (galleryFaceIndex), not the customer's search.
  galleries: [answer(404, publicGalleryErrors.publicGalleryErrors.faceSearchOff)],
  // A preview opens the gallery's record (openRecord); its PIN is checked when the view is opened.
  previews: [
    answer(429, publicGalleryErrors.publicGalleryErrors.pinWait),
    answer(423, publicGalleryErrors.publicGalleryErrors.pinLocked),
    answer(403, publicGalleryErrors.publicGalleryErrors.pinRequired),
    answer(403, publicGalleryErrors.publicGalleryErrors.wrongPin),
    answer(403, errors.serverErrors.captchaFailed),
  ],
};

const declares = (answers: readonly ErrorAnswer[], site: Site) =>
  answers.some(
    (answer) => answer.status === site.status && (answer.text === site.text || answer.text === anyText),
  );

/** A route's declared answers, widened (each route's own tuple type is too narrow to mix). */
const errorsOf = (name: RouteName): readonly ErrorAnswer[] => routes[name].errors;

const routesOf = (group: RouteGroup) =>
  (Object.keys(routes) as RouteName[]).filter((name) => routes[name].group === group);

const describeSite = (site: Site) =>
  `${site.status} ${typeof site.text === 'function' ? (site.text === anyText ? '(any text)' : `${site.text.name || 'fn'}(...)`) : site.text} (${path.relative(ROOT, site.file)})`;

describe('the route table declares every error its handlers can answer', () => {
  it('finds every group function and its handler map', () => {
    expect([...ENTRIES.keys()].sort()).toEqual([...ROUTE_GROUPS].sort());
    for (const group of ROUTE_GROUPS)
      expect([...(ENTRIES.get(group)?.routes.keys() ?? [])].sort(), group).toEqual(routesOf(group).sort());
  });

  it.each(ROUTE_GROUPS)('%s: every error its modules throw is declared by one of its routes', (group) => {
    const sites = routesOf(group).flatMap(routeSites);
    expect(sites.length).toBeGreaterThan(0);
    // The caller kinds' common answers (the HTTP layer's 401 included) are declared by `route` itself.
    const declared = [...routesOf(group).flatMap(errorsOf), ...COMMON, ...(NOT_THEIRS[group] ?? [])];
    const undeclared = [...new Set(sites.filter((site) => !declares(declared, site)).map(describeSite))];
    expect(undeclared, `undeclared:\n${undeclared.join('\n')}`).toEqual([]);
  });

  it.each(Object.keys(routes) as RouteName[])(
    '%s: each answer of its own is one its modules make',
    (name) => {
      const sites = routeSites(name);
      const own = errorsOf(name).filter((answer) => answer.text !== anyText);
      const unmade = own
        .filter((answer) => !sites.some((site) => site.status === answer.status && site.text === answer.text))
        .filter((answer) => !COMMON.has(answer))
        .map(
          (answer) =>
            `${answer.status} ${String(typeof answer.text === 'string' ? answer.text : answer.text.name)}`,
        );
      expect(unmade, `declared, never made:\n${unmade.join('\n')}`).toEqual([]);
    },
  );
});
