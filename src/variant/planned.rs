//! Variants whose rules are fixed in rules.md but which the engine does not
//! play yet. None is left: Skock, the last, lives in `skock.rs`.
