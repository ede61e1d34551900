public enum ArgumentParsing {}
