// Placeholder: helper browser writes the page script.
