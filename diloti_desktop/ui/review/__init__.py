"""The review of a finished round."""
