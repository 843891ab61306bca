"""The card table's picture, shared by the table, the review and the rules screens."""
