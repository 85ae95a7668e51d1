"""CT601's scope beyond the memory (issue 29 "Scope"): agent state files that hold credentials
by design, tracked anywhere above the root. A repository that commits a whole OpenClaw state
directory (the shape the issue found: openclaw.json at the top, identity/, devices/,
agents/<name>/agent/models.json, credentials/, a .bak copy) beside its workspace, plus Claude
Code's settings, an .mcp.json and an .env. Every token here is made up, in the real shapes."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.common import GitRepo, run_cli

TELEGRAM = "7412589630:AAH3kLmNoPqRsTuVwXyZaBcDeFgHiJkLmNo"
GOOGLE = "AIzaSyD3k5Lm7Np9Qr1St3Uv5Wx7Yz9Ab1Cd3Ef"
OPENAI = "sk-proj-Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7Bc0Ef3Hi6Kl9No2Qr5Tu8Wx1Za4Cd7Fg0"
ANTHROPIC = ("sk-ant-api03-Xy9Zw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe9Dc8Ba7Zy6Xw5Vu4Ts3Rq2Po1Nm0Lk9Ji8Hg7"
             "Fe6Dc5Ba4Zy3Xw2VuAA")
GITHUB = "ghp_Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8"
STRIPE = "sk_live_51Hq2Lm9Xz4Pw6Rt1Yb3Nc8Vk5Js0Fd2Ga7Eh"
PRIVATE = ("-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEIJ4k5r7Tz1Xb9Qm2Wn6Lp3Hs8Vd0Ky4Fc7Gj1"
           "Nt5Ba2E\\n-----END PRIVATE KEY-----\\n")
VALUES = (TELEGRAM, GOOGLE, OPENAI, ANTHROPIC, GITHUB, STRIPE, "MC4CAQAwBQYDK2VwBCIEIJ4k5r7")

OPENCLAW = json.dumps({
    "gateway": {"mode": "local", "auth": {"mode": "token",
                                          "token": "3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d"}},
    "channels": {"telegram": {"accounts": {"main": {"botToken": TELEGRAM}}}},
    "env": {"GOOGLE_API_KEY": GOOGLE}}, indent=2)

WORKSPACE = {
    "workspace/AGENTS.md": "# AGENTS.md - Your Workspace\n\nThis folder is home. Read SOUL.md, "
                           "USER.md and memory/ at the start of each session.\n\n## Memory\n\n"
                           "- Daily notes: `memory/YYYY-MM-DD.md`\n- Long-term: `MEMORY.md`\n",
    "workspace/SOUL.md": "# SOUL.md\n\nBe helpful.\n",
    "workspace/USER.md": "# USER.md\n\nName: Wren\n",
    "workspace/MEMORY.md": "# MEMORY.md\n\n- The user likes tide tables.\n",
    "workspace/memory/2026-01-01.md": "# 2026-01-01\n\n- Set up the gateway.\n",
}


def openclaw_repository(path: Path) -> GitRepo:
    repo = GitRepo(path)
    files = dict(WORKSPACE)
    files.update({
        "openclaw.json": OPENCLAW,
        "openclaw.json.bak": OPENCLAW,
        "identity/device.json": json.dumps({"deviceId": "a1", "privateKeyPem": "@"}).replace(
            '"@"', f'"{PRIVATE}"'),
        "devices/paired.json": json.dumps({"devices": [{"id": "phone"}]}),
        "agents/main/agent/models.json": json.dumps(
            {"providers": {"openai": {"apiKey": OPENAI}}}),
        "credentials/github.json": json.dumps({"token": GITHUB}),
        ".claude/settings.json": json.dumps({"env": {"ANTHROPIC_API_KEY": ANTHROPIC}}),
        ".mcp.json": json.dumps({"mcpServers": {"gh": {"env": {"GITHUB_TOKEN": GITHUB}}}}),
        ".env": f"STRIPE_SECRET_KEY={STRIPE}\n",
        ".env.example": "STRIPE_SECRET_KEY=sk_live_YOUR_KEY\n",
        "other/.env": f"STRIPE_SECRET_KEY={STRIPE}\n",  # beside the workspace: leaked all the same
        "backup/agents/main/agent/models.json": json.dumps(  # OpenClaw's by its own path
            {"providers": {"openai": {"apiKey": OPENAI}}}),
        ".gitignore": "ignored/\n",
    })
    repo.commit("commit the whole state directory", files)
    (path / "ignored").mkdir()
    (path / "ignored" / ".env").write_text(f"STRIPE_SECRET_KEY={STRIPE}\n", "utf-8")
    return repo


def test_an_openclaw_state_directory_and_agent_settings_are_scanned(tmp_path):
    repo = openclaw_repository(tmp_path / "repo")
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    assert done.code == 1, done.out + done.err
    found = {d["path"] for d in done.json["diagnostics"] if d["code"] == "CT601"}
    assert found == {"openclaw.json", "openclaw.json.bak", "identity/device.json",
                     "agents/main/agent/models.json", "credentials/github.json",
                     ".claude/settings.json", ".mcp.json", ".env", "other/.env",
                     "backup/agents/main/agent/models.json"}, found
    places = [(d["path"], d["line"], d["column"]) for d in done.json["diagnostics"]
              if d["code"] == "CT601"]
    assert len(places) == len(set(places)), places  # the state root's and its workspace's, once
    notice = next(n for n in done.json["notices"] if "agent state file" in n)
    for name in ("openclaw.json", "devices/paired.json", "identity/device.json", ".env",
                 ".mcp.json", ".claude/settings.json", "agents/main/agent/models.json"):
        assert name in notice
    assert ".env.example" not in notice and "ignored/.env" not in notice
    assert not [value for value in VALUES if value in done.out + done.err]


def test_the_text_output_and_the_report_name_the_files_scanned(tmp_path):
    repo = openclaw_repository(tmp_path / "repo")
    text = run_cli("check", cwd=repo.path / "workspace")
    assert "agent state files scanned for credentials" in text.out + text.err
    assert "../openclaw.json" in text.out  # where it is, from the working directory
    report = tmp_path / "report.md"
    run_cli("report", "--format", "md", "-o", str(report), cwd=repo.path)
    written = report.read_text("utf-8")
    assert "agent state files scanned for credentials" in written and "openclaw.json" in written
    assert not [value for value in VALUES if value in written]


def test_without_git_nothing_beyond_the_memory_is_read(tmp_path):
    """The state directory's own openclaw.json is its root's file; what git would list (the
    other agent state files) is not read without it."""
    repo = openclaw_repository(tmp_path / "repo")
    done = run_cli("check", "--no-git", "--output-format", "json", cwd=repo.path)
    found = {d["path"] for d in done.json["diagnostics"] if d["code"] == "CT601"}
    assert found == {"openclaw.json"}, done.out


def test_a_state_directory_with_no_workspace_is_a_root_scanned_for_credentials(tmp_path):
    """Issue 29's repository: an OpenClaw state directory committed whole, no workspace in it
    (no memory convention): it is a root of its own, every credential file in it found, none
    echoed, and nothing of it published."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("the state directory", {
        "openclaw.json": OPENCLAW,
        "identity/device.json": json.dumps({"deviceId": "a1", "privateKeyPem": "@"}).replace(
            '"@"', f'"{PRIVATE}"'),
        "devices/paired.json": json.dumps({"devices": [{"id": "phone"}]}),
        "agents/main/agent/models.json": json.dumps(
            {"providers": {"openai": {"apiKey": OPENAI}}}),
        "agents/main/sessions/s1.jsonl": json.dumps({"role": "user", "text": "hello"}) + "\n",
        "credentials/github.json": json.dumps({"token": GITHUB}),
    })
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    assert done.code == 1, done.out + done.err
    assert [root["convention"] for root in done.json["roots"]] == ["openclaw-state"], done.out
    found = {d["path"] for d in done.json["diagnostics"] if d["code"] == "CT601"}
    assert found == {"openclaw.json", "identity/device.json", "agents/main/agent/models.json",
                     "credentials/github.json"}, found
    text = run_cli("check", cwd=repo.path)
    assert "OpenClaw state directory" in text.out + text.err
    assert not [value for value in VALUES if value in done.out + done.err + text.out + text.err]


def test_an_openclaw_json_alone_at_the_top_is_a_state_directory_scanned(tmp_path):
    """Survey 38: a repository holding OpenClaw's openclaw.json at its top and nothing else of
    OpenClaw's (its folders ignored) made no root, so the gateway token and bot token in it
    were never read. It is an OpenClaw state directory; a copy of it deeper alone is not."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("openclaw's configuration", {"openclaw.json": OPENCLAW, "README.md": "# x\n"})
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    assert done.code == 1, done.out + done.err
    assert [root["convention"] for root in done.json["roots"]] == ["openclaw-state"], done.out
    assert {d["path"] for d in done.json["diagnostics"] if d["code"] == "CT601"} == {
        "openclaw.json"}
    assert not [value for value in VALUES if value in done.out + done.err]
    copy = GitRepo(tmp_path / "copy")
    copy.commit("a copy in a folder", {"config/openclaw.json": OPENCLAW, "README.md": "# x\n"})
    assert run_cli("check", cwd=copy.path).code == 2


def test_a_file_above_two_sibling_roots_is_one_finding(tmp_path):
    repo = GitRepo(tmp_path / "repo")
    files = {f"{side}/{name}": text for side in ("a", "b") for name, text in WORKSPACE.items()}
    files[".env"] = f"STRIPE_SECRET_KEY={STRIPE}\n"
    repo.commit("two workspaces under one .env", files)
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    found = [d for d in done.json["diagnostics"] if d["code"] == "CT601"]
    assert len(done.json["roots"]) == 2 and [d["path"] for d in found] == [".env"], done.out


def test_the_credential_files_of_an_agents_tools_are_scanned(tmp_path):
    """A home directory's credential files committed beside the memory: git's stored
    credentials, an SSH private key (its public half is not read), npm's auth token."""
    repo = GitRepo(tmp_path / "repo")
    files = dict(WORKSPACE)
    files.update({
        "home/.git-credentials": f"https://wren:{GITHUB}@github.com\n",
        "home/.ssh/id_ed25519": PRIVATE.replace("\\n", "\n").replace("PRIVATE KEY",
                                                                    "OPENSSH PRIVATE KEY"),
        "home/.ssh/id_ed25519.pub": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ4k5r7Tz1Xb9Qm wren\n",
        "home/.npmrc": "registry=https://registry.npmjs.org/\n"
                       "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n",
    })
    repo.commit("a home directory beside the memory", files)
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    found = {d["path"] for d in done.json["diagnostics"] if d["code"] == "CT601"}
    assert found == {"home/.git-credentials", "home/.ssh/id_ed25519"}, done.out
    notice = next(n for n in done.json["notices"] if "agent state file" in n)
    assert "home/.npmrc" in notice and ".pub" not in notice  # read, and judged harmless


def test_literal_pathspecs_in_the_environment_do_not_hide_them(tmp_path):
    """GIT_LITERAL_PATHSPECS=1 makes git take the table's globs for file names: the files are
    listed all the same (the root below the top asks git for them)."""
    repo = openclaw_repository(tmp_path / "repo")
    done = run_cli("check", "--output-format", "json", cwd=repo.path / "workspace",
                   env={"GIT_LITERAL_PATHSPECS": "1"})
    found = {d["path"] for d in done.json["diagnostics"] if d["code"] == "CT601"}
    assert "../.env" in found and "../openclaw.json" in found, done.out


def test_a_state_directory_whose_openclaw_json_is_ignored_is_known_by_its_own_files(tmp_path):
    """openclaw.json git-ignored, the rest committed: the device files and exec-approvals.json
    (OpenClaw's alone) make the directory a state root; its workspace stays a root of its own,
    and an OAuth pair in an agent's auth-profiles.json ("access", "refresh") is found."""
    repo = GitRepo(tmp_path / "repo")
    oauth = "Xk9" + "".join(chr(65 + (n * 7) % 26) + str(n % 10) for n in range(41)) + "_q"
    repo.commit("the state directory but its configuration", {
        ".gitignore": "openclaw.json\n",
        "identity/device-auth.json": json.dumps({"tokens": {"operator": {
            "token": "9c2e4b6d8f0a1c3e5b7d3f9a1c7e5b2d4f6a8c0e1b3d5f7a"}}}),
        "identity/device.json": json.dumps({"deviceId": "a1", "privateKeyPem": "@"}).replace(
            '"@"', f'"{PRIVATE}"'),
        "exec-approvals.json": json.dumps({"version": 1, "socket": {
            "token": "f7a9c2e4b6d8f0a1c3e5b7d3f9a1c7e5b2d4f6a8c0e1b3d5"}}),
        "agents/main/agent/auth-profiles.json": json.dumps({"profiles": {"codex": {
            "type": "oauth", "access": oauth, "refresh": oauth[::-1]}}}),
        **WORKSPACE,
    })
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    assert sorted(root["convention"] for root in done.json["roots"]) == \
        ["openclaw", "openclaw-state"], done.out
    found = {d["path"] for d in done.json["diagnostics"] if d["code"] == "CT601"}
    assert found == {"identity/device-auth.json", "identity/device.json", "exec-approvals.json",
                     "agents/main/agent/auth-profiles.json"}, found
    assert oauth not in done.out + done.err


def test_an_agents_configuration_alone_has_its_state_files_scanned(tmp_path):
    """A code repository with no memory but an agent's .mcp.json (and a committed .env): the
    configuration makes a root, so the keys are found; with none, the check says it judged
    nothing, never that all checks passed."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("an agent's configuration", {
        ".mcp.json": json.dumps({"mcpServers": {"gh": {"env": {"GITHUB_TOKEN": GITHUB}}}}),
        ".env": f"STRIPE_SECRET_KEY={STRIPE}\n", "src/app.py": "print('hi')\n"})
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    assert done.code == 1, done.out + done.err
    assert {d["path"] for d in done.json["diagnostics"]} == {".mcp.json", ".env"}
    assert not [value for value in VALUES if value in done.out + done.err]
    clean = GitRepo(tmp_path / "clean")
    clean.commit("no keys", {".mcp.json": json.dumps({"mcpServers": {}}), "a.py": "x = 1\n"})
    said = run_cli("check", cwd=clean.path)
    assert "Nothing judged" in said.out + said.err and "All checks passed" not in said.out
    assert ".mcp.json" in said.out + said.err  # scanned, and said so


SUPABASE = "sbp_" + "3e1f0a9c7b5d2e4f6a8c0b1d3f5e7a9c2b4d6f80"
TAVILY = "tvly-dev-" + "Qm4Zr7Xk2Lp9Wt3Hv6Bn8Jc5Fd1Gs0Ya"


def test_every_agents_mcp_and_settings_files_are_scanned(tmp_path):
    """The MCP servers of Cursor, VS Code, Roo, Kiro, Gemini CLI and Codex, each in the file
    its tool reads, with a key in `env`, in `args` after its flag, in a header; with none
    else in the repository, those files alone make a root. A reference (`${input:…}`,
    `${env:…}`) and a list item after no flag are no keys."""
    repo = GitRepo(tmp_path / "repo")
    servers = lambda **server: json.dumps({"mcpServers": {"s": server}}, indent=2)  # noqa: E731
    repo.commit("the agents' configuration", {
        ".cursor/mcp.json": servers(command="npx", args=[
            "-y", "@supabase/mcp-server-supabase@latest", "--access-token", SUPABASE]),
        ".vscode/mcp.json": json.dumps({"servers": {"gh": {"env": {
            "GITHUB_TOKEN": "${input:github_token}"}, "args": ["token", "Zq8Wm3Xr5Tk7Vn2Lp4Hb6"]}}}),
        ".roo/mcp.json": servers(env={"TAVILY_API_KEY": TAVILY}),
        ".kiro/settings/mcp.json": servers(env={"API_KEY": "${env:API_KEY}"}),
        ".gemini/settings.json": servers(httpUrl="https://mcp.example.com",
                                         headers={"Authorization": f"Bearer {GITHUB}"}),
        ".codex/config.toml": f'[mcp_servers.gh]\ncommand = "npx"\n\n[mcp_servers.gh.env]\n'
                              f'GITHUB_PERSONAL_ACCESS_TOKEN = "{GITHUB}"\n',
        "home/.claude/.credentials.json": json.dumps({"claudeAiOauth": {
            "accessToken": ANTHROPIC, "refreshToken": ANTHROPIC[::-1]}}),
        "src/app.py": "print('hi')\n"})
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    assert done.code == 1, done.out + done.err
    assert [root["convention"] for root in done.json["roots"]] == ["instructions"], done.out
    found = {d["path"] for d in done.json["diagnostics"] if d["code"] == "CT601"}
    assert found == {".cursor/mcp.json", ".roo/mcp.json", ".gemini/settings.json",
                     ".codex/config.toml", "home/.claude/.credentials.json"}, found
    notice = next(n for n in done.json["notices"] if "agent state file" in n)
    assert ".vscode/mcp.json" in notice and ".kiro/settings/mcp.json" in notice, notice
    shown = done.out + done.err
    assert not [value for value in (SUPABASE, TAVILY, GITHUB, ANTHROPIC) if value in shown]


def test_a_test_runs_environment_file_keeps_its_fixtures_and_not_a_providers_token(tmp_path):
    """Laravel projects commit .env.testing on purpose (a public fork of InvoiceShelf beside its
    AGENTS.md and Claude settings): its APP_KEY and a test mailbox's password are the test
    run's fixtures; a provider's token in such a file, and the same values in .env, are found."""
    repo = GitRepo(tmp_path / "repo")
    app_key = "base64:" + "IdDlpLmYyWA9z4Ruj5st1FSY" + "rhCR7lPOscLGCz2Jf4I="
    fixtures = f"APP_ENV=testing\nAPP_KEY={app_key}\nMAIL_PASSWORD=c04c9e2b7a1f5d\n"
    repo.commit("a Laravel project's environments", {
        ".claude/settings.json": json.dumps({"permissions": {"allow": ["Bash(php artisan test)"]}}),
        ".env.testing": fixtures, ".env.ci": fixtures + f"GITHUB_TOKEN={GITHUB}\n",
        ".env": fixtures})
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    found = sorted((d["path"], d["line"]) for d in done.json["diagnostics"] if d["code"] == "CT601")
    assert found == [(".env", 2), (".env", 3), (".env.ci", 4)], done.out


def test_the_file_name_refusal_agrees_with_the_tables_globs():
    """A root at the top has every tracked file judged against the table, so a file whose
    name no row can match is refused by its name alone: never a file a row's glob takes,
    at any depth, as a copy (``.bak``) or not."""
    import fnmatch

    from continuity.model import credential_files as table

    def by_glob(path: str) -> str | None:  # the table's rows, globbed one by one
        if path.count("/") >= table.MAX_DEPTH or path.endswith(table.EXAMPLE_SUFFIXES):
            return None
        for candidate in (path, table.without_backup_suffix(path)):
            for kind in table.ANYWHERE:
                rest = kind.pattern.removeprefix("**/")
                tail = "/".join(candidate.split("/")[-(rest.count("/") + 1):])
                if fnmatch.fnmatchcase(tail, rest):
                    return kind.pattern
        return None

    paths = []
    for kind in table.ANYWHERE:
        written = kind.pattern.removeprefix("**/").replace("*", "main")
        for prefix in ("", "a/", "a/b/c/"):
            paths += [prefix + written, prefix + written + ".bak", prefix + written + ".1",
                      prefix + written + "~", prefix + written + ".example",
                      prefix + "x" + written, prefix + written + "x",
                      prefix + written.replace("/", "-")]
    paths += ["journal/2024-01-01.md", "STATE.md", ".envy", "env", ".env", "docs/.env.prod",
              "x/identity/device.json.orig", "agents/a/b/agent/models.json",
              "a/b/c/.claude/settings.local.json"]
    judged = {path: (kind.pattern if (kind := table.matches(path)) else None) for path in paths}
    assert judged == {path: by_glob(path) for path in paths}
    assert judged["a/b/c/.claude/settings.local.json"] == "**/.claude/settings*.json"
    assert judged["journal/2024-01-01.md"] is None


def test_a_test_environments_token_for_a_hosted_service_is_found(tmp_path):
    """Survey 36: a service's ``.env.test`` sends the test run to a hosted Redis (Upstash's
    REST address and token) and a bucket (R2's keys, the production file's own). A token of a
    service whose address in the same file is a remote host is that service's credential,
    not a fixture; a fixture beside a local or reserved address is still passed over."""
    repo = GitRepo(tmp_path / "repo")
    token = "AZk7" + "Qm2Xr9Lp4Wz8Nc3Vb6Tq1Hy5Jg0Fs7Kd2Mn4Pb8Rc3Vx6Zt9Lw1Qe5Yu7Io0Ap3S"
    fixtures = ("APP_ENV=testing\nAPP_URL=https://shop.test\n"
                "APP_KEY=base64:IdDlpLmYyWA9z4Ruj5st1FSYrhCR7lPOscLGCz2Jf4I=\n"
                "REDIS_URL=https://localhost:6379\nREDIS_TOKEN=c04c9e2b7a1f5d9e8b3a\n")
    repo.commit("a service's environments", {
        "CLAUDE.local.md": "# Local notes\n\nRun the tests with `pytest`.\n",
        ".env.testing": fixtures,
        ".env.test": fixtures + 'UPSTASH_REDIS_REST_URL="https://eu1-brave-cat-31337.upstash.io"\n'
                                f'UPSTASH_REDIS_REST_TOKEN="{token}"\n'})
    done = run_cli("check", "--select", "CT601", "--output-format", "json", cwd=repo.path)
    found = sorted((d["path"], d["line"]) for d in done.json["diagnostics"])
    assert found == [(".env.test", 7)], done.out


def test_findings_in_a_root_of_agent_state_files_alone_say_where_they_are(tmp_path):
    """A root made by an `.mcp.json` alone has no memory file: its `.env`'s key is found, and
    the summary says it is in the agent state files scanned, not "in 0 files"."""
    repo = GitRepo(tmp_path)
    repo.commit("start", {".mcp.json": '{"mcpServers": {}}\n', ".env": f"OPENAI_API_KEY={OPENAI}\n",
                          "app.py": "print(1)\n"})
    done = run_cli("check", cwd=repo.path)
    assert done.code == 1
    assert done.out.rstrip().splitlines()[-1] == (  # CT601, and CT605 at its commit
        "Found 1 error and 1 warning in the agent state files scanned (no memory file).")
    assert OPENAI not in done.out
