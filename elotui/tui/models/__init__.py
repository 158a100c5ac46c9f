"""The screens' state and what to show, without Textual: plain objects the screens ask."""
