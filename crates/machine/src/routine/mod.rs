//! The routine contract shared by every machine (target-code.md, "The routine contract").
