"""Agent transcripts (Claude Code JSONL, Codex rollout, SWE-agent .traj) as numbered steps."""
