package dev.loopx.ledger;

/** Refusal of a conditional append: someone appended after the writer read the head. */
public record HeadMismatch(long expectedHead, long actualHead) {}
