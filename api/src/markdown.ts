import MarkdownIt, { type StateCore, type Token } from 'markdown-it';
import { MAX_COMMENT_MENTIONS } from '@vitrine/domain/schemas/comment';
import { sitePaths } from '@vitrine/domain/site-paths';

/**
 * Comments' markdown (docs/security.md "Comments"): emphasis, code, lists, links and quotes, rendered
 * by markdown-it with raw HTML off (typed tags come out as text), no images, headings, tables or
 * rules, and links only to http(s) and mailto addresses (`javascript:`, `data:` and every other scheme
 * stay text), each `rel="nofollow ugc noopener"`. `@username` of an existing member links to their profile.
 */

/** The schemes a comment's link may use. */
const LINK_SCHEMES = /^(https?:|mailto:)/i;
/** A mention in a comment's source: `@` and a username, not inside a word or an address. */
const MENTION = /(^|[^A-Za-z0-9_@./-])@([A-Za-z0-9_-]{3,30})(?![A-Za-z0-9_-])/g;
/** The most distinct names of one comment looked up (the first MAX_COMMENT_MENTIONS that exist link). */
const MAX_MENTION_CANDIDATES = 50;

const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false, breaks: true });
md.disable(['image', 'heading', 'lheading', 'table', 'hr', 'html_block', 'html_inline']);
md.validateLink = (url: string) => LINK_SCHEMES.test(url.trim());
md.core.ruler.push('mentions', linkMentions);
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx]!.attrSet('rel', 'nofollow ugc noopener');
  return self.renderToken(tokens, idx, options);
};

/** The distinct names a comment's source mentions, in order of appearance (at most MAX_MENTION_CANDIDATES). */
export function mentionCandidates(body: string): string[] {
  const seen = new Map<string, string>();
  for (const match of body.matchAll(MENTION)) {
    const name = match[2]!;
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
    if (seen.size >= MAX_MENTION_CANDIDATES) break;
  }
  return [...seen.values()];
}

/**
 * The members a comment mentions: of `candidates` (mentionCandidates), the first
 * MAX_COMMENT_MENTIONS that `existing` holds, by their account's spelling.
 */
export function pickMentions<U extends { username: string }>(candidates: string[], existing: U[]): U[] {
  const byName = new Map(existing.map((user) => [user.username.toLowerCase(), user]));
  const picked: U[] = [];
  for (const name of candidates) {
    const user = byName.get(name.toLowerCase());
    if (user && !picked.includes(user)) picked.push(user);
    if (picked.length >= MAX_COMMENT_MENTIONS) break;
  }
  return picked;
}

/** Where the mention rule reads the names it may link and records those it linked. */
interface MentionEnv {
  mentions?: Map<string, string>;
  linked?: Set<string>;
}

/**
 * A comment's HTML: `body` rendered, the `mentions` (usernames) linked to their profiles; `linked`:
 * the names linked (a name only inside code or a link is not).
 */
export function renderComment(body: string, mentions: string[]): { html: string; linked: string[] } {
  const env: MentionEnv = { mentions: new Map(mentions.map((name) => [name.toLowerCase(), name])), linked: new Set() };
  const html = md.render(body, env);
  return { html, linked: [...env.linked!] };
}

/** The core rule: `@name` in text outside links and code becomes a link to the member's profile. */
function linkMentions(state: StateCore): void {
  const env = state.env as MentionEnv;
  const mentions = env.mentions;
  if (!mentions || mentions.size === 0) return;
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    let inLink = 0;
    const out: Token[] = [];
    for (const token of block.children) {
      if (token.type === 'link_open') inLink++;
      if (token.type === 'link_close') inLink--;
      if (token.type !== 'text' || inLink > 0) out.push(token);
      else out.push(...splitMentions(state, token.content, mentions, env.linked));
    }
    block.children = out;
  }
}

/** `text` as text tokens with the mentions of `mentions` made links. */
function splitMentions(
  state: StateCore,
  text: string,
  mentions: Map<string, string>,
  linked: Set<string> | undefined,
): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  const textToken = (content: string) => {
    const token = new state.Token('text', '', 0);
    token.content = content;
    tokens.push(token);
  };
  for (const match of text.matchAll(MENTION)) {
    const name = mentions.get(match[2]!.toLowerCase());
    if (!name) continue;
    linked?.add(name);
    const start = match.index + match[1]!.length;
    if (start > last) textToken(text.slice(last, start));
    const open = new state.Token('link_open', 'a', 1);
    open.attrs = [
      ['href', sitePaths.user(name)],
      ['class', 'mention'],
    ];
    tokens.push(open);
    textToken(`@${name}`);
    tokens.push(new state.Token('link_close', 'a', -1));
    last = start + match[0].length - match[1]!.length;
  }
  if (last < text.length) textToken(text.slice(last));
  return tokens;
}
