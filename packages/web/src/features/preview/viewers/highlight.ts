/**
 * Syntax highlighting (highlight.js, its core and only the grammar a file needs, each loaded on
 * demand). Its output escapes the text and adds only its own spans.
 */
import type { LanguageFn } from 'highlight.js';
import hljs from 'highlight.js/lib/core';

type Loader = () => Promise<{ default: LanguageFn }>;

const GRAMMARS: Record<string, [string, Loader]> = {
  javascript: ['javascript', () => import('highlight.js/lib/languages/javascript')],
  typescript: ['typescript', () => import('highlight.js/lib/languages/typescript')],
  json: ['json', () => import('highlight.js/lib/languages/json')],
  xml: ['xml', () => import('highlight.js/lib/languages/xml')],
  css: ['css', () => import('highlight.js/lib/languages/css')],
  scss: ['scss', () => import('highlight.js/lib/languages/scss')],
  less: ['less', () => import('highlight.js/lib/languages/less')],
  java: ['java', () => import('highlight.js/lib/languages/java')],
  kotlin: ['kotlin', () => import('highlight.js/lib/languages/kotlin')],
  scala: ['scala', () => import('highlight.js/lib/languages/scala')],
  c: ['c', () => import('highlight.js/lib/languages/c')],
  cpp: ['cpp', () => import('highlight.js/lib/languages/cpp')],
  csharp: ['csharp', () => import('highlight.js/lib/languages/csharp')],
  go: ['go', () => import('highlight.js/lib/languages/go')],
  rust: ['rust', () => import('highlight.js/lib/languages/rust')],
  python: ['python', () => import('highlight.js/lib/languages/python')],
  ruby: ['ruby', () => import('highlight.js/lib/languages/ruby')],
  php: ['php', () => import('highlight.js/lib/languages/php')],
  swift: ['swift', () => import('highlight.js/lib/languages/swift')],
  dart: ['dart', () => import('highlight.js/lib/languages/dart')],
  lua: ['lua', () => import('highlight.js/lib/languages/lua')],
  perl: ['perl', () => import('highlight.js/lib/languages/perl')],
  r: ['r', () => import('highlight.js/lib/languages/r')],
  bash: ['bash', () => import('highlight.js/lib/languages/bash')],
  sql: ['sql', () => import('highlight.js/lib/languages/sql')],
  yaml: ['yaml', () => import('highlight.js/lib/languages/yaml')],
  ini: ['ini', () => import('highlight.js/lib/languages/ini')],
  gradle: ['gradle', () => import('highlight.js/lib/languages/gradle')],
  dos: ['dos', () => import('highlight.js/lib/languages/dos')],
  powershell: ['powershell', () => import('highlight.js/lib/languages/powershell')],
  makefile: ['makefile', () => import('highlight.js/lib/languages/makefile')],
  dockerfile: ['dockerfile', () => import('highlight.js/lib/languages/dockerfile')],
  diff: ['diff', () => import('highlight.js/lib/languages/diff')],
  graphql: ['graphql', () => import('highlight.js/lib/languages/graphql')],
  protobuf: ['protobuf', () => import('highlight.js/lib/languages/protobuf')],
  properties: ['properties', () => import('highlight.js/lib/languages/properties')],
};

// biome-ignore format: a compact table
const BY_EXT: Record<string, keyof typeof GRAMMARS> = {
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript', ts: 'typescript', tsx: 'typescript',
  json: 'json', xml: 'xml', html: 'xml', htm: 'xml', vue: 'xml', svg: 'xml', css: 'css', scss: 'scss', less: 'less',
  java: 'java', kt: 'kotlin', scala: 'scala', c: 'c', h: 'c', cpp: 'cpp', cc: 'cpp', hpp: 'cpp', cs: 'csharp',
  go: 'go', rs: 'rust', py: 'python', rb: 'ruby', php: 'php', swift: 'swift', dart: 'dart', lua: 'lua', pl: 'perl',
  r: 'r', sh: 'bash', bash: 'bash', sql: 'sql', yaml: 'yaml', yml: 'yaml', toml: 'ini', ini: 'ini', conf: 'ini',
  cfg: 'ini', gradle: 'gradle', bat: 'dos', ps1: 'powershell', makefile: 'makefile', dockerfile: 'dockerfile',
  diff: 'diff', patch: 'diff', graphql: 'graphql', proto: 'protobuf', properties: 'properties', env: 'properties',
};

/** Highlighted HTML of `code` in the grammar of `ext`, or null when there is none for it. */
export async function highlight(code: string, ext: string): Promise<string | null> {
  const grammar = BY_EXT[ext.toLowerCase()];
  if (!grammar) return null;
  const [name, load] = GRAMMARS[grammar];
  if (!hljs.getLanguage(name)) hljs.registerLanguage(name, (await load()).default);
  return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
}
