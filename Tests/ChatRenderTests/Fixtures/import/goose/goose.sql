-- goose's sessions.db for the tests, written by make_fixtures.py.
BEGIN;
CREATE TABLE schema_version (
    version INTEGER PRIMARY KEY,
    applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    user_set_name BOOLEAN DEFAULT FALSE,
    session_type TEXT NOT NULL DEFAULT 'user',
    working_dir TEXT NOT NULL,
    created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
    extension_data TEXT DEFAULT '{}',
    total_tokens INTEGER,
    input_tokens INTEGER,
    output_tokens INTEGER,
    accumulated_total_tokens INTEGER,
    accumulated_input_tokens INTEGER,
    accumulated_output_tokens INTEGER,
    schedule_id TEXT,
    recipe_json TEXT,
    user_recipe_values_json TEXT,
    provider_name TEXT,
    model_config_json TEXT
);
CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT NOT NULL REFERENCES sessions(id),
    role TEXT NOT NULL,
    content_json TEXT NOT NULL,
    created_timestamp INTEGER NOT NULL,
    timestamp TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
    tokens INTEGER,
    metadata_json TEXT
);
CREATE INDEX idx_messages_session ON messages(session_id);
CREATE INDEX idx_sessions_type ON sessions(session_type);
INSERT INTO schema_version (version) VALUES (5);
INSERT INTO sessions (id, name, session_type, working_dir, created_at, updated_at, total_tokens, input_tokens, output_tokens, accumulated_total_tokens, accumulated_input_tokens, accumulated_output_tokens, provider_name, model_config_json) VALUES ('20260602_1', 'Add a watering schedule', 'user', '/home/ana/src/garden', '2026-06-02 09:00:00', '2026-06-02 09:00:20', 3310, 3100, 210, 13230, 12400, 830, 'anthropic', '{"model_name": "claude-sonnet-4-5", "context_limit": 200000, "temperature": null, "max_tokens": null, "toolshim": false}');
INSERT INTO sessions (id, name, session_type, working_dir, created_at, updated_at, total_tokens, input_tokens, output_tokens, accumulated_total_tokens, accumulated_input_tokens, accumulated_output_tokens, provider_name, model_config_json) VALUES ('20260602_3', '', 'hidden', '/home/ana/src/garden', '2026-06-02 09:00:01', '2026-06-02 09:00:02', 45, 40, 5, 45, 40, 5, 'anthropic', '{"model_name": "claude-sonnet-4-5", "context_limit": 200000, "temperature": null, "max_tokens": null, "toolshim": false}');
INSERT INTO sessions (id, name, session_type, working_dir, created_at, updated_at, total_tokens, input_tokens, output_tokens, accumulated_total_tokens, accumulated_input_tokens, accumulated_output_tokens, provider_name, model_config_json) VALUES ('20260602_2', '', 'user', '/home/ana/src/garden', '2026-06-02 10:00:00', '2026-06-02 10:00:03', 1020, 900, 120, NULL, NULL, NULL, 'anthropic', '{"model_name": "claude-sonnet-4-5", "context_limit": 200000, "temperature": null, "max_tokens": null, "toolshim": false}');
INSERT INTO sessions (id, name, session_type, working_dir, created_at, updated_at, total_tokens, input_tokens, output_tokens, accumulated_total_tokens, accumulated_input_tokens, accumulated_output_tokens, provider_name, model_config_json) VALUES ('20260602_4', 'Review the schedule', 'user', '/home/ana/src/garden', '2026-06-02 11:00:00', '2026-06-02 11:00:14', 1890, 1800, 90, 5460, 5200, 260, 'anthropic', '{"model_name": "claude-sonnet-4-5", "context_limit": 200000, "temperature": null, "max_tokens": null, "toolshim": false}');
INSERT INTO sessions (id, name, session_type, working_dir, created_at, updated_at, total_tokens, input_tokens, output_tokens, accumulated_total_tokens, accumulated_input_tokens, accumulated_output_tokens, provider_name, model_config_json) VALUES ('20260602_5', 'Delegated task', 'sub_agent', '/home/ana/src/garden', '2026-06-02 11:00:04', '2026-06-02 11:00:10', 1370, 1300, 70, 2240, 2100, 140, 'anthropic', '{"model_name": "claude-sonnet-4-5", "context_limit": 200000, "temperature": null, "max_tokens": null, "toolshim": false}');
INSERT INTO sessions (id, name, session_type, working_dir, created_at, updated_at, total_tokens, input_tokens, output_tokens, accumulated_total_tokens, accumulated_input_tokens, accumulated_output_tokens, provider_name, model_config_json) VALUES ('20260602_6', 'Delegated task', 'sub_agent', '/home/ana/src/garden', '2026-06-02 11:01:40', '2026-06-02 11:01:45', 340, 300, 40, 340, 300, 40, 'anthropic', '{"model_name": "claude-sonnet-4-5", "context_limit": 200000, "temperature": null, "max_tokens": null, "toolshim": false}');
INSERT INTO sessions (id, name, session_type, working_dir, created_at, updated_at, total_tokens, input_tokens, output_tokens, accumulated_total_tokens, accumulated_input_tokens, accumulated_output_tokens, provider_name, model_config_json) VALUES ('20250601_083000', 'Plant list', 'user', '/home/ana/src/garden', '2025-06-01 08:30:00', '2025-06-01 08:30:05', 530, 500, 30, NULL, NULL, NULL, 'anthropic', '{"model_name": "claude-sonnet-4-5", "context_limit": 200000, "temperature": null, "max_tokens": null, "toolshim": false}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_1', 'user', '[{"type": "text", "text": "Add a watering schedule to the garden planner; here is the bed layout."}, {"type": "image", "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "mimeType": "image/png"}]', 1780390800, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_1', 'assistant', '[{"type": "text", "text": "Let me look at the project first."}, {"type": "toolRequest", "id": "toolu_01", "toolCall": {"status": "success", "value": {"name": "developer__shell", "arguments": {"command": "ls src"}}}}]', 1780390804, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_1', 'user', '[{"type": "toolResponse", "id": "toolu_01", "toolResult": {"status": "success", "value": {"content": [{"type": "text", "text": "beds.py\nplanner.py\n", "annotations": {"audience": ["assistant"]}}, {"type": "text", "text": "beds.py\nplanner.py", "annotations": {"audience": ["user"]}}], "isError": false}}}]', 1780390806, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_1', 'assistant', '[{"type": "thinking", "thinking": "A schedule module beside planner.py; beds need water every other day.", "signature": "sig"}, {"type": "redactedThinking", "data": "ZW5jcnlwdGVk"}, {"type": "toolRequest", "id": "toolu_02", "toolCall": {"status": "success", "value": {"name": "developer__text_editor", "arguments": {"command": "write", "path": "/home/ana/src/garden/src/schedule.py", "file_text": "EVERY_DAYS = 2\n"}}}}]', 1780390810, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_1', 'user', '[{"type": "toolResponse", "id": "toolu_02", "toolResult": {"status": "success", "value": {"content": [{"type": "text", "text": "Successfully wrote to /home/ana/src/garden/src/schedule.py", "annotations": {"audience": ["assistant"]}}], "isError": false}}}]', 1780390812, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_1', 'assistant', '[{"type": "toolRequest", "id": "toolu_03", "toolCall": {"status": "success", "value": {"name": "developer__text_editor", "arguments": {"command": "str_replace", "path": "/home/ana/src/garden/src/planner.py", "old_str": "import beds", "new_str": "import beds, schedule"}}}}, {"type": "toolRequest", "id": "toolu_04", "toolCall": {"status": "success", "value": {"name": "developer__text_editor", "arguments": {"command": "view", "path": "/home/ana/src/garden/src/beds.py"}}}}]', 1780390815, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_1', 'user', '[{"type": "toolResponse", "id": "toolu_03", "toolResult": {"status": "error", "error": "''import beds'' not found in /home/ana/src/garden/src/planner.py"}}, {"type": "toolResponse", "id": "toolu_04", "toolResult": {"status": "success", "value": {"content": [{"type": "text", "text": "BEDS = [''tomato'', ''basil'']\n", "annotations": {"audience": ["assistant"]}}], "isError": false}}}]', 1780390817, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_1', 'assistant', '[{"type": "reasoningSummary", "summary": "Checked the beds"}, {"type": "text", "text": "The schedule is in src/schedule.py: every bed is watered every 2 days."}]', 1780390820, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_3', 'user', '[{"type": "text", "text": "Name this session"}]', 1780390801, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_3', 'assistant', '[{"type": "text", "text": "Watering schedule"}]', 1780390802, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_4', 'user', '[{"type": "text", "text": "Have a reviewer check the watering schedule."}]', 1780398000, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_4', 'assistant', '[{"type": "text", "text": "I''ll delegate the review."}, {"type": "toolRequest", "id": "toolu_11", "toolCall": {"status": "success", "value": {"name": "summon__delegate", "arguments": {"instructions": "Review src/schedule.py for off-by-one errors", "source": "reviewer"}}}}]', 1780398003, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_5', 'user', '[{"type": "text", "text": "Review src/schedule.py for off-by-one errors"}]', 1780398004, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_5', 'assistant', '[{"type": "thinking", "thinking": "Read the file before judging it.", "signature": "sig5"}, {"type": "toolRequest", "id": "toolu_51", "toolCall": {"status": "success", "value": {"name": "developer__shell", "arguments": {"command": "cat src/schedule.py"}}}}]', 1780398006, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_5', 'user', '[{"type": "toolResponse", "id": "toolu_51", "toolResult": {"status": "success", "value": {"content": [{"type": "text", "text": "EVERY_DAYS = 2\n", "annotations": {"audience": ["assistant"]}}], "isError": false}}}]', 1780398007, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_5', 'assistant', '[{"type": "text", "text": "No off-by-one errors: EVERY_DAYS is used as a count of days."}]', 1780398010, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_4', 'user', '[{"type": "toolResponse", "id": "toolu_11", "toolResult": {"status": "success", "value": {"content": [{"type": "text", "text": "No off-by-one errors: EVERY_DAYS is used as a count of days."}], "isError": false, "_meta": {"subagent_session_id": "20260602_5"}}}}]', 1780398011, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_4', 'assistant', '[{"type": "toolRequest", "id": "toolu_12", "toolCall": {"status": "success", "value": {"name": "summon__delegate", "arguments": {"instructions": "Check the review once more", "source": "reviewer"}}}}]', 1780398012, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_4', 'user', '[{"type": "toolResponse", "id": "toolu_12", "toolResult": {"status": "success", "value": {"content": [{"type": "text", "text": "Still no errors."}], "isError": false, "_meta": {"subagent_session_id": "20260602_5"}}}}]', 1780398013, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_4', 'assistant', '[{"type": "text", "text": "The reviewer found no off-by-one errors."}]', 1780398014, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_6', 'user', '[{"type": "text", "text": "Summarise the README"}]', 1780398100, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_6', 'assistant', '[{"type": "text", "text": "The README explains how to plan beds and water them."}]', 1780398105, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20250601_083000', 'user', '[{"type": "text", "text": "List the plants in beds.py"}]', 1748766600, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20250601_083000', 'assistant', '[{"type": "text", "text": "Tomato and basil."}]', 1748766605, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_2', 'user', '[{"type": "text", "text": "How often should basil be watered?"}]', 1780394400, '{"userVisible": true, "agentVisible": true}');
INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES ('20260602_2', 'assistant', '[{"type": "text", "text": "When the top of the soil is dry: every one to two days in summer."}]', 1780394403, '{"userVisible": true, "agentVisible": true}');
COMMIT;
