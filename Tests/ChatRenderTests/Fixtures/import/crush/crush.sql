-- Crush's crush.db for the tests, written by make_fixtures.py.
BEGIN;
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    parent_session_id TEXT,
    title TEXT NOT NULL,
    message_count INTEGER NOT NULL DEFAULT 0 CHECK (message_count >= 0),
    prompt_tokens INTEGER NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0),
    completion_tokens INTEGER NOT NULL DEFAULT 0 CHECK (completion_tokens >= 0),
    cost REAL NOT NULL DEFAULT 0.0 CHECK (cost >= 0.0),
    updated_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    summary_message_id TEXT,
    todos TEXT
);
CREATE TABLE files (
    id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    path TEXT NOT NULL,
    content TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    FOREIGN KEY (session_id) REFERENCES sessions (id) ON DELETE CASCADE,
    UNIQUE(path, session_id, version)
);
CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    role TEXT NOT NULL,
    parts TEXT NOT NULL DEFAULT '[]',
    model TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    finished_at INTEGER,
    provider TEXT,
    is_summary_message INTEGER DEFAULT 0 NOT NULL,
    FOREIGN KEY (session_id) REFERENCES sessions (id) ON DELETE CASCADE
);
CREATE TABLE read_files (
    session_id TEXT NOT NULL CHECK (session_id != ''),
    path TEXT NOT NULL CHECK (path != ''),
    read_at INTEGER NOT NULL,
    PRIMARY KEY (path, session_id)
);
CREATE INDEX idx_messages_session_id ON messages (session_id);
CREATE INDEX idx_messages_created_at ON messages (created_at);
INSERT INTO sessions (id, parent_session_id, title, message_count, prompt_tokens, completion_tokens, cost, updated_at, created_at) VALUES ('6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', NULL, 'Fix ledger rounding', 14, 18250, 640, 0.0421, 1780300868, 1780300800);
INSERT INTO sessions (id, parent_session_id, title, message_count, prompt_tokens, completion_tokens, cost, updated_at, created_at) VALUES ('6b1f0c2e-m06$$toolu_agent_01', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'New Agent Session', 4, 5200, 180, 0.0063, 1780300823, 1780300818);
INSERT INTO sessions (id, parent_session_id, title, message_count, prompt_tokens, completion_tokens, cost, updated_at, created_at) VALUES ('title-6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'Generate a title', 2, 40, 6, 0.0001, 1780300802, 1780300801);
INSERT INTO sessions (id, parent_session_id, title, message_count, prompt_tokens, completion_tokens, cost, updated_at, created_at) VALUES ('0d9e8f7a-1b2c-4d3e-8f5a-6b7c8d9e0f12', NULL, 'New Session', 2, 2100, 35, 0, 1780304404, 1780304400);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m01', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'user', '[{"type": "text", "data": {"text": "The ledger balance test fails since the rounding change. Please fix it."}}, {"type": "binary", "data": {"Path": "/home/ana/src/ledger/notes/rounding.txt", "MIMEType": "text/plain", "Data": "YmFsYW5jZSA9IDEwLjAwNQpleHBlY3RlZCAxMC4wMCAoaGFsZi1ldmVuKQo="}}]', NULL, 1780300800, 1780300800, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m02', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'assistant', '[{"type": "reasoning", "data": {"thinking": "The failure is probably in Balance.rounded: the change switched to half-up.", "signature": "", "started_at": 1780300802, "finished_at": 1780300804}}, {"type": "text", "data": {"text": "Let me run the ledger tests first."}}, {"type": "tool_call", "data": {"id": "toolu_bash_01", "name": "bash", "input": "{\"command\": \"swift test --filter LedgerTests\", \"description\": \"Run the ledger tests\"}", "provider_executed": false, "finished": true}}, {"type": "finish", "data": {"reason": "tool_use", "time": 1780300806}}]', 'claude-sonnet-4-5', 1780300802, 1780300802, 1780300804, 'anthropic');
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m03', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'tool', '[{"type": "tool_result", "data": {"tool_call_id": "toolu_bash_01", "name": "bash", "content": "✘ balanceRoundsHalfEven(): 10.01 is not 10.00\nExit code 1", "data": "", "mime_type": "", "metadata": "", "is_error": true}}]', NULL, 1780300809, 1780300809, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m04', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'assistant', '[{"type": "tool_call", "data": {"id": "toolu_view_01", "name": "view", "input": "{\"file_path\": \"/home/ana/src/ledger/Sources/Ledger/Balance.swift\"}", "provider_executed": false, "finished": true}}, {"type": "tool_call", "data": {"id": "toolu_edit_01", "name": "edit", "input": "{\"file_path\": \"/home/ana/src/ledger/Sources/Ledger/Balance.swift\", \"old_string\": \"value.rounded(.toNearestOrAwayFromZero)\", \"new_string\": \"value.rounded(.toNearestOrEven)\"}", "provider_executed": false, "finished": true}}, {"type": "finish", "data": {"reason": "tool_use", "time": 1780300814}}]', 'claude-sonnet-4-5', 1780300810, 1780300810, 1780300812, 'anthropic');
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m05', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'tool', '[{"type": "tool_result", "data": {"tool_call_id": "toolu_view_01", "name": "view", "content": "<file>\n     1|struct Balance {\n     2|    func rounded() -> Decimal { value.rounded(.toNearestOrAwayFromZero) }\n     3|}\n</file>", "data": "", "mime_type": "", "metadata": "", "is_error": false}}, {"type": "tool_result", "data": {"tool_call_id": "toolu_edit_01", "name": "edit", "content": "<result>\nContent replaced in file: /home/ana/src/ledger/Sources/Ledger/Balance.swift\n</result>", "data": "", "mime_type": "", "metadata": "{\"additions\": 1, \"removals\": 1}", "is_error": false}}]', NULL, 1780300815, 1780300815, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m06', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'assistant', '[{"type": "reasoning", "data": {"thinking": "Other callers may rely on the old rounding; a sub-agent can look."}}, {"type": "tool_call", "data": {"id": "toolu_agent_01", "name": "agent", "input": "{\"prompt\": \"Find every caller of Balance.rounded and list them\"}", "provider_executed": false, "finished": true}}, {"type": "finish", "data": {"reason": "tool_use", "time": 1780300818}}]', 'claude-sonnet-4-5', 1780300816, 1780300816, 1780300818, 'anthropic');
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('c-m01', '6b1f0c2e-m06$$toolu_agent_01', 'user', '[{"type": "text", "data": {"text": "Find every caller of Balance.rounded and list them"}}]', NULL, 1780300818, 1780300818, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('c-m02', '6b1f0c2e-m06$$toolu_agent_01', 'assistant', '[{"type": "tool_call", "data": {"id": "toolu_grep_01", "name": "grep", "input": "{\"pattern\": \"rounded(\", \"path\": \"/home/ana/src/ledger/Sources\"}", "provider_executed": false, "finished": true}}, {"type": "finish", "data": {"reason": "tool_use", "time": 1780300820}}]', 'claude-haiku-4-5', 1780300819, 1780300819, 1780300821, 'anthropic');
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('c-m03', '6b1f0c2e-m06$$toolu_agent_01', 'tool', '[{"type": "tool_result", "data": {"tool_call_id": "toolu_grep_01", "name": "grep", "content": "Found 2 matches\n/home/ana/src/ledger/Sources/Ledger/Report.swift:\n  Line 12: total.rounded()\n/home/ana/src/ledger/Sources/Ledger/Invoice.swift:\n  Line 40: amount.rounded()", "data": "", "mime_type": "", "metadata": "", "is_error": false}}]', NULL, 1780300821, 1780300821, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('c-m04', '6b1f0c2e-m06$$toolu_agent_01', 'assistant', '[{"type": "text", "data": {"text": "Two callers: Report.swift line 12 and Invoice.swift line 40."}}, {"type": "finish", "data": {"reason": "end_turn", "time": 1780300823}}]', 'claude-haiku-4-5', 1780300822, 1780300822, 1780300824, 'anthropic');
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m07', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'tool', '[{"type": "tool_result", "data": {"tool_call_id": "toolu_agent_01", "name": "agent", "content": "Two callers: Report.swift line 12 and Invoice.swift line 40.", "data": "", "mime_type": "", "metadata": "", "is_error": false}}]', NULL, 1780300824, 1780300824, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m08', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'assistant', '[{"type": "tool_call", "data": {"id": "toolu_bash_02", "name": "bash", "input": "{\"command\": \"swift test --filter LedgerTests\", \"description\": \"Run the ledger tests again\"}", "provider_executed": false, "finished": true}}, {"type": "finish", "data": {"reason": "tool_use", "time": 1780300827}}]', 'claude-sonnet-4-5', 1780300825, 1780300825, 1780300827, 'anthropic');
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m09', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'tool', '[{"type": "tool_result", "data": {"tool_call_id": "toolu_bash_02", "name": "bash", "content": "✔ 14 tests passed", "data": "", "mime_type": "", "metadata": "", "is_error": false}}]', NULL, 1780300831, 1780300831, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m10', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'assistant', '[{"type": "text", "data": {"text": "Fixed: Balance.rounded rounds half to even again, and both callers expect that."}}, {"type": "citation", "data": {"url": "https://example.com/rounding", "title": "Rounding rules"}}, {"type": "finish", "data": {"reason": "end_turn", "time": 1780300834}}]', 'claude-sonnet-4-5', 1780300832, 1780300832, 1780300834, 'anthropic');
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m11', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'user', '[{"type": "text", "data": {"text": "Thanks. Add a changelog entry and a to-do for the docs."}}]', NULL, 1780300860, 1780300860, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m12', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'assistant', '[{"type": "tool_call", "data": {"id": "toolu_write_01", "name": "write", "input": "{\"file_path\": \"/home/ana/src/ledger/CHANGELOG.md\", \"content\": \"## Unreleased\\n\\n- Balances round half to even again.\\n\"}", "provider_executed": false, "finished": true}}, {"type": "tool_call", "data": {"id": "toolu_todos_01", "name": "todos", "input": "{\"todos\": [{\"content\": \"Write the changelog entry\", \"status\": \"completed\", \"active_form\": \"Writing the changelog entry\"}, {\"content\": \"Document rounding in the guide\", \"status\": \"pending\", \"active_form\": \"Documenting rounding\"}]}", "provider_executed": false, "finished": true}}, {"type": "finish", "data": {"reason": "tool_use", "time": 1780300864}}]', 'claude-sonnet-4-5', 1780300862, 1780300862, 1780300864, 'anthropic');
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m13', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'tool', '[{"type": "tool_result", "data": {"tool_call_id": "toolu_write_01", "name": "write", "content": "File successfully written: /home/ana/src/ledger/CHANGELOG.md", "data": "", "mime_type": "", "metadata": "", "is_error": false}}, {"type": "tool_result", "data": {"tool_call_id": "toolu_todos_01", "name": "todos", "content": "Todo list updated: 1 of 2 done", "data": "", "mime_type": "", "metadata": "", "is_error": false}}]', NULL, 1780300865, 1780300865, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('6b1f0c2e-m14', '6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'assistant', '[{"type": "text", "data": {"text": "Done: the changelog has the entry, and the docs are on the to-do list."}}, {"type": "finish", "data": {"reason": "end_turn", "time": 1780300868}}]', 'claude-sonnet-4-5', 1780300866, 1780300866, 1780300868, 'anthropic');
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('t-m01', 'title-6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'user', '[{"type": "text", "data": {"text": "Generate a title for: The ledger balance test fails"}}]', NULL, 1780300801, 1780300801, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('t-m02', 'title-6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', 'assistant', '[{"type": "text", "data": {"text": "Fix ledger rounding"}}, {"type": "finish", "data": {"reason": "end_turn", "time": 1780300802}}]', 'claude-haiku-4-5', 1780300802, 1780300802, 1780300804, 'anthropic');
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('7c2a-m01', '0d9e8f7a-1b2c-4d3e-8f5a-6b7c8d9e0f12', 'user', '[{"type": "text", "data": {"text": "What does --strict change in swift format lint?"}}]', NULL, 1780304400, 1780304400, NULL, NULL);
INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider) VALUES ('7c2a-m02', '0d9e8f7a-1b2c-4d3e-8f5a-6b7c8d9e0f12', 'assistant', '[{"type": "text", "data": {"text": "It makes every lint finding an error, so the exit status is not zero."}}, {"type": "finish", "data": {"reason": "canceled", "time": 1780304404}}]', 'gpt-5', 1780304402, 1780304402, 1780304404, 'openai');
INSERT INTO read_files VALUES ('6b1f0c2e-4a7d-4c1e-9f3a-2d8e5b7c9a01', '/home/ana/src/ledger/Sources/Ledger/Balance.swift', 1780300812);
COMMIT;
