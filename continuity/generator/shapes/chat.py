"""Aider's chat history as its users read it: the sessions newest first, each a dated heading,
each prompt typed a heading below it (its further lines beneath, as text), Aider's own output
quoted, the model's replies as Markdown (made safe by the page's pass over the tree's
Markdown). Every prompt and line of tool output is escaped as text: a prompt holding
``<script>`` or a ``javascript:`` link is shown, never run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from continuity.formats.words import plural
from continuity.generator import mdtext
from continuity.generator.entry_pages import tree_markdown
from continuity.generator.excerpts import excerpt
from continuity.generator.shapes import Card, LivingSection, Shape, StatePage, register
from continuity.model import aider as aider_model
from continuity.model.aider import TOOL_PREFIX, USER_PREFIX, Aider, Session
from continuity.model.conventions import AIDER_CHAT

if TYPE_CHECKING:
    from continuity.generator.context import SiteContext
    from continuity.model.tree import MemoryTree, StateFile

#: The longest prompt shown whole as a heading; a longer one is cut there, its text beneath.
HEADING_CHARACTERS = 120
#: The newest sessions the page shows, and the characters of session text it stops after: a
#: chat history of years (10 MB, what the check reads) would make one page of 16 MB that a
#: phone's browser and the search index choke on. The rest is said, not shown.
SHOWN_SESSIONS = 300
SHOWN_CHARACTERS = 1_000_000


def chat_progress(aider: Aider) -> str:
    """"12 sessions, 40 prompts", for the home page's card."""
    prompts = sum(len(session.prompts) for session in aider.sessions)
    return f"{plural(len(aider.sessions), 'session')}, {plural(prompts, 'prompt')}"


def chat_body(aider: Aider) -> str:
    """The chat history's Markdown body, newest session first, as many sessions as fit in
    :data:`SHOWN_SESSIONS` and :data:`SHOWN_CHARACTERS` (the newest always), then how many
    older ones the file holds."""
    out = [f"{chat_progress(aider)}, newest first.", ""]
    shown = characters = 0
    for session in reversed(aider.sessions):
        if shown and (shown >= SHOWN_SESSIONS or characters + session.size > SHOWN_CHARACTERS):
            break
        out += _session(session)
        shown += 1
        characters += session.size
    older = aider.sessions[:len(aider.sessions) - shown]
    if older:
        prompts = sum(len(session.prompts) for session in older)
        out += ["", f"*{plural(len(older), 'older session')} ({plural(prompts, 'prompt')}) "
                f"not shown here: they are in the file, and in git.*", ""]
    return "\n".join(out).rstrip() + "\n"


def _session(session: Session) -> list[str]:
    title = f"Session of {session.started}" if session.started else "Before the first session"
    out = [f"## {mdtext.inline(title)}", ""]
    prompt: list[str] = []
    reply: list[str] = []
    tool: list[str] = []
    for line in session.lines:
        if line.startswith(USER_PREFIX):
            out += _quoted(tool) + _reply(reply)
            tool, reply = [], []
            prompt.append(line[len(USER_PREFIX):].rstrip())
            continue
        out += _prompt(prompt)
        prompt = []
        if line.startswith(TOOL_PREFIX):
            out += _reply(reply)
            reply = []
            tool.append(f"> {mdtext.inline(line[len(TOOL_PREFIX):])}")
            continue
        out += _quoted(tool)
        tool = []
        reply.append(line)
    return out + _prompt(prompt) + _quoted(tool) + _reply(reply)


def _quoted(lines: list[str]) -> list[str]:
    """Aider's own output, one quote of its lines (each a line of the quote)."""
    return ["", "\n>\n".join(lines), ""] if lines else []


def _prompt(lines: list[str]) -> list[str]:
    """A prompt as a heading (its first line), its further lines as text beneath."""
    texts = [line for line in lines if line.strip()]
    if not texts:
        return []
    first = texts[0].strip()
    heading = first if len(first) <= HEADING_CHARACTERS else first[:HEADING_CHARACTERS - 1] + "…"
    out = ["", f"### {mdtext.inline(heading)}", ""]
    rest = "\n".join(lines[lines.index(texts[0]) + 1:]).strip("\n")
    if len(first) > HEADING_CHARACTERS:
        rest = first + ("\n" + rest if rest else "")
    if rest.strip():
        out += [mdtext.code_block(rest, "text"), ""]
    return out


def _reply(lines: list[str]) -> list[str]:
    """The model's reply as written, a fence it leaves open closed (the next prompt is not
    swallowed into it)."""
    if not any(line.strip() for line in lines):
        return []
    fence = ""
    for line in lines:
        stripped = line.strip()
        if fence and stripped.startswith(fence) and not stripped[len(fence):].strip():
            fence = ""
        elif not fence and stripped.startswith(("```", "~~~")):
            marker = stripped[0]
            fence = stripped[:len(stripped) - len(stripped.lstrip(marker))]
    return ["", *lines, *([fence] if fence else []), ""]


#: Aider's files as its users name them (aider/args.py's help), for the home page's cards.
AIDER_TITLES = {".aider.chat.history.md": "Chat history", ".aider.input.history": "Input history",
                ".aider.llm.history": "LLM history", ".aider.conf.yml": "Configuration"}


def home_cards(tree: MemoryTree, pages: Mapping[str, str | None]) -> LivingSection:
    """Its chat history (how many sessions and prompts), input history and conf, then the
    conventions its conf loads read-only into every chat (``read:``), each a rule."""
    progress = chat_progress(aider_model.read_tree(tree.state_text))
    cards = [Card(state.path, pages.get(state.path), AIDER_TITLES.get(state.name, state.name),
                  kind=progress if state.name == AIDER_CHAT else "")
             for state in tree.state_files]
    read_only = set(aider_model.read_only_files(tree.root))
    cards += [Card(each.path, pages.get(each.path), each.title, excerpt(each.document),
                   "read-only in every chat") for each in tree.linked
              if each.path in read_only]
    return LivingSection("Aider's files", "What Aider appended session by session, and the "
                         "configuration it starts with.", tuple(cards), kind_heading="Sessions")


def own_page(ctx: SiteContext, state: StateFile) -> StatePage | None:
    """The chat history's page is its sessions, newest first; Aider's other files as the site
    shows any file."""
    read = state.file.read
    if state.name != AIDER_CHAT or read is None or read.text is None:
        return None
    return "# Chat history", tree_markdown(ctx, chat_body(aider_model.read_tree(ctx.tree.state_text))), []


register(Shape("chat", "Aider's files", home_cards, own_page, page_title="Chat history"))
